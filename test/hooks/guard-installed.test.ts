// Issue #26: every corpus row through the INSTALLED guard commands of every client (`butler install`
// into a temp repo; the command line from .claude/settings.json, .codex/hooks.json and Gemini CLI's
// BeforeTool in .gemini/settings.json run by `sh -c` with the client's captured JSON on stdin, from the
// folder the client runs it in; the real sh pre-filter and the real Node hook). Each client's own
// reading of the answer: Claude Code and Codex block on `hookSpecificOutput.permissionDecision: "deny"`,
// Gemini CLI on a top-level `decision: "deny"` (its hookRunner reads Claude Code's shape as allow); all
// three block on exit 2 (reason on stderr), and any other non-zero exit lets the command run. Deny rows
// must be denied (with the Butler tool named where the spelling keeps the subcommand, or the rule that
// fails closed), everyday commands allowed: false positives <= 0.5%. Prints rows, misses, false positives
// and the share of everyday commands the sh pre-filter answers without starting Node.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ALLOW } from '../guard/corpus-allow.js';
import { DENY } from '../guard/corpus-deny.js';
import { FAIL_CLOSED } from '../guard/corpus-fail-closed.js';
import { FAMILIES_ALLOW, FAMILIES_DENY } from '../guard/corpus-families.js';
import { GENERATED } from '../guard/corpus-generated.js';
import { HARMLESS } from '../guard/corpus-harmless.js';
import { installedProject, outcome, runInstalledCodes, variants } from '../helpers/pre-filter.js';

const FIXTURES = path.join(__dirname, '..', 'fixtures', 'hooks', 'captured');
const captured = (client: string) =>
  JSON.parse(readFileSync(path.join(FIXTURES, client, 'pre-tool-use.json'), 'utf8')) as Record<string, unknown>;
const CLIENTS = ['claude', 'codex', 'gemini'] as const;
type Client = (typeof CLIENTS)[number];
// One sh: the pre-filter suites run every shell; here every row runs with the real Node hook behind it.
const v = variants().present[0]!;

/** Deny rows: the command and a phrase its reason must contain (a tool, or the rule it fails closed by). */
const DENIED: { cmd: string; phrase: string | null }[] = [
  ...GENERATED.map((r) => ({ cmd: r.cmd, phrase: r.tool })),
  ...[...DENY, ...FAMILIES_DENY].map((r) => ({ cmd: r.cmd, phrase: null })),
  ...FAIL_CLOSED.map((r) => ({ cmd: r.cmd, phrase: r.rule })),
];
const ALLOWED = [...HARMLESS, ...[...ALLOW, ...FAMILIES_ALLOW].map((r) => r.cmd)];

let project: Awaited<ReturnType<typeof installedProject>>;
beforeAll(async () => {
  project = await installedProject();
}, 60_000);

const input = (client: Client, command: string): string => {
  const base = captured(client);
  // Codex and Gemini CLI run the hook in the session's folder, here a subfolder of the project.
  const cwd = client === 'claude' ? project.root : project.sub;
  return JSON.stringify({ ...base, cwd, tool_input: { ...(base.tool_input as object), command } });
};
const run = (client: Client, cmds: string[], recordNode: boolean) =>
  runInstalledCodes(
    v,
    project[client],
    cmds.map((c) => input(client, c)),
    {
      cwd: client === 'claude' ? project.root : project.sub,
      projectDir: project.root,
      recordNode,
    },
  );
/** The reason when the client blocks on this answer ('' when it blocks with the reason on stderr), else null. */
const reasonOf = (client: Client, r: { stdout: string; code: number }): string | null => {
  if (r.code === 2) return '';
  if (r.code !== 0) return null;
  try {
    const o = JSON.parse(r.stdout) as {
      decision?: string;
      reason?: string;
      hookSpecificOutput?: { permissionDecision?: string; permissionDecisionReason?: string };
    };
    if (client === 'gemini') return o.decision === 'deny' ? (o.reason ?? '') : null;
    return o.hookSpecificOutput?.permissionDecision === 'deny' ? (o.hookSpecificOutput.permissionDecisionReason ?? '') : null;
  } catch {
    return null;
  }
};
/** Allowed as the client reads it: exit 0 and nothing on stdout. */
const allowed = (r: { stdout: string; code: number }): boolean => r.code === 0 && r.stdout === '';

describe('the installed guard of every client over the whole corpus', () => {
  for (const client of CLIENTS) {
    it(`${client}: ${DENIED.length} deny rows denied, ${ALLOWED.length} allow rows allowed (${v.name})`, async () => {
      const outs = await run(client, [...DENIED.map((d) => d.cmd), ...ALLOWED], false);
      const misses: string[] = [];
      DENIED.forEach((d, i) => {
        const reason = reasonOf(client, outs[i]!);
        if (reason === null) misses.push(`${d.cmd} => ${JSON.stringify(outs[i])}`);
        else if (d.phrase && !reason.includes(d.phrase)) misses.push(`${d.cmd}: reason lacks "${d.phrase}": ${reason}`);
      });
      const falsePositives = ALLOWED.filter((_c, k) => !allowed(outs[DENIED.length + k]!));
      const harmlessFp = HARMLESS.filter((_c, k) => !allowed(outs[DENIED.length + k]!));
      console.log(
        `${client}: ${DENIED.length} deny rows, ${misses.length} misses; ${ALLOWED.length} allow rows (${HARMLESS.length} everyday), ` +
          `${falsePositives.length} false positives (${((100 * harmlessFp.length) / HARMLESS.length).toFixed(2)}% of everyday commands)`,
      );
      expect(misses).toEqual([]);
      expect(harmlessFp.length / HARMLESS.length).toBeLessThanOrEqual(0.005);
      expect(falsePositives).toEqual([]);
    }, 900_000);
  }

  it('most everyday commands are answered by the sh pre-filter alone (fast path)', async () => {
    for (const client of CLIENTS) {
      const outs = await run(client, HARMLESS, true);
      const fast = outs.filter((o) => o.code === 0 && outcome(o.stdout).kind === 'allowed').length;
      console.log(`${client}: fast path ${fast}/${HARMLESS.length} everyday commands (${((100 * fast) / HARMLESS.length).toFixed(1)}%)`);
      expect(fast / HARMLESS.length).toBeGreaterThan(0.75);
    }
  }, 300_000);
});
