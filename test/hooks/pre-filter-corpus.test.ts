// Issue #17 proof: the installed PreToolUse commands (shell pre-filter in front of the Node hook), run
// through `sh -c` as the clients run them, over the whole guard corpus and adversarial hook inputs, for
// Claude Code and Codex, with dash and bash (and busybox when present) as sh. For each input the
// pre-filter either allows it itself, which the Node hook must also do, or hands the Node hook the
// input byte for byte, so the decision is the Node hook's own. Plain client input that passes the fast
// path (no git, no guard) must be allowed without Node, even under a folder named `github`; every deny
// row must reach Node (fixed expectations, not the fast-path function: issue #27).
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { preToolUse } from '../../src/hooks/pre-tool-use.js';
import { ALLOW } from '../guard/corpus-allow.js';
import { DENY } from '../guard/corpus-deny.js';
import { FAMILIES_ALLOW, FAMILIES_DENY } from '../guard/corpus-families.js';
import { asForwarded, installedProject, outcome, runInstalled, variants } from '../helpers/pre-filter.js';
import { ADVERSARIAL } from './pre-filter-inputs.js';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hooks', 'captured');
const captured = (client: string) =>
  JSON.parse(readFileSync(path.join(FIXTURES, client, 'pre-tool-use.json'), 'utf8')) as Record<string, unknown>;
const { present, missing } = variants();
const ROWS = [...DENY, ...FAMILIES_DENY, ...ALLOW, ...FAMILIES_ALLOW].map((r) => r.cmd);
// Commands that cannot run git by the fast-path rule: these must not start Node.
const PLAIN = [
  'npm test',
  'ls -la',
  'echo "home"',
  'cat a.txt | grep -n foo',
  'digest --at 2',
  'G I T',
  'cd ~/repo && make',
  'printf "%s\\n" x',
];

const DENY_ROWS = new Set([...DENY, ...FAMILIES_DENY].map((r) => r.cmd));

let project: Awaited<ReturnType<typeof installedProject>>;
beforeAll(async () => {
  project = await installedProject();
}, 60_000);

const clientInput = (client: 'claude' | 'codex', command: string, pretty = false): string => {
  const base = captured(client);
  const v = { ...base, cwd: project.root, tool_input: { ...(base.tool_input as object), command } };
  return pretty ? JSON.stringify(v, null, 2) : JSON.stringify(v);
};

describe('installed PreToolUse pre-filter', () => {
  // .ci/run installs dash and busybox; elsewhere a missing one is skipped, by name.
  for (const m of missing) {
    if (process.env.CI || process.env.BUTLER_REQUIRE_SHELLS)
      it(`${m}: installed (CI installs it)`, () => expect.fail(`${m} is missing on CI`));
    else it.skip(`${m}: not installed here`, () => undefined);
  }

  for (const v of present) {
    for (const client of ['claude', 'codex'] as const) {
      it(`${v.name}, ${client}: corpus, plain commands and adversarial input decide as the Node hook`, async () => {
        const rows = [...ROWS, ...PLAIN];
        const inputs = [
          ...rows.map((c) => clientInput(client, c)),
          ...PLAIN.map((c) => clientInput(client, c, true)),
          ...ADVERSARIAL.map((a) => a.input.replaceAll('$ROOT', project.root)),
        ];
        const command = client === 'claude' ? project.claude : project.codex;
        const outs = await runInstalled(v, command, inputs, { cwd: project.sub, projectDir: project.root, recordNode: true });
        const hook = path.join(project.root, '.butler', 'bin', 'pre-tool-use.cjs');
        let allowed = 0;
        for (const [i, input] of inputs.entries()) {
          const o = outcome(outs[i]!);
          const label = `input ${i}: ${input.slice(0, 200)}`;
          if (o.kind === 'allowed') {
            allowed++;
            expect(await preToolUse(input, { CLAUDE_PROJECT_DIR: project.root }), label).toBe('');
          } else {
            expect(o, label).toEqual({ kind: 'forwarded', hook, bytes: asForwarded(input) });
          }
          // Plain commands: answered without Node; git that runs: never allowed by the pre-filter.
          if (i >= rows.length && i < rows.length + PLAIN.length) expect(o.kind, label).toBe('allowed');
          if (i < rows.length && DENY_ROWS.has(rows[i]!)) expect(o.kind, label).toBe('forwarded');
        }
        const adversarial = inputs.length - ADVERSARIAL.length;
        ADVERSARIAL.forEach((a, j) => expect(outcome(outs[adversarial + j]!).kind, a.name).toBe(a.expect));
        expect(allowed).toBeGreaterThanOrEqual(PLAIN.length * 2);
      }, 600_000);
    }
  }

  it('with the real Node hook: the same answers as the bundle alone, for both clients', async () => {
    const cases = ['git status --short', 'npm test', 'git log --oneline | head', 'echo git', 'ls'];
    const bundle = path.join(__dirname, '..', '..', 'hooks', 'pre-tool-use.cjs');
    for (const v of present.slice(0, 2)) {
      for (const client of ['claude', 'codex'] as const) {
        const inputs = cases.map((c) => clientInput(client, c));
        const command = client === 'claude' ? project.claude : project.codex;
        const outs = await runInstalled(v, command, inputs, { cwd: project.sub, projectDir: project.root, recordNode: false });
        const direct = inputs.map(
          (input) =>
            spawnSync(process.execPath, [bundle], {
              input,
              encoding: 'utf8',
              cwd: project.root,
              env: { ...process.env, CLAUDE_PROJECT_DIR: project.root },
              timeout: 30_000,
            }).stdout,
        );
        expect(outs, `${v.name}, ${client}`).toEqual(direct);
        expect(outs[0]).toContain('"permissionDecision":"deny"');
        expect(outs[1]).toBe('');
      }
    }
  }, 300_000);
});
