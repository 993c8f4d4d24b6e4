// Issue 22: a Claude session cut off right after a long message with three instructions, with a todo list
// and a last stated plan, is recovered at the next start through the installed SessionStart command: the
// request arrives whole, the todos are open work and done work, the plan is in the snapshot.
import { spawnSync } from 'node:child_process';
import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { HandoverStore } from '../../src/handover/store.js';
import { applyChanges, planInstall } from '../../src/install/index.js';
import { makeRepo } from '../helpers/repo.js';
import { age, placeTranscript, tempHome } from './auto-helpers.js';

const HOOKS = path.resolve(import.meta.dirname, '../../hooks');
// 268 characters, three instructions; the old extraction cut it at 200 ("…And please don't add anything t…").
const REQUEST =
  'Rename the config loader to loadSettings and update every caller in src/. Then run the unit tests and fix whatever breaks. ' +
  "And please don't add anything to README.md: the user rewrites that file by hand and any line we add there will be wrong.";
const PLAN = 'Next I will update the two remaining callers in src/cli/ and run npm test.';

let root: string;
let home: string;

/** Claude Code transcript entries as its transcript writes them (test/fixtures/transcripts/claude). */
function claudeTail(file: string, request = REQUEST, sessionId = 's-1'): void {
  const base = { isSidechain: false, sessionId, cwd: root, version: '2.1.332', timestamp: '2026-12-02T12:00:00.000Z' };
  const rows = [
    { ...base, type: 'user', uuid: 'w-1', message: { role: 'user', content: request } },
    {
      ...base,
      type: 'assistant',
      uuid: 'w-2',
      message: {
        role: 'assistant',
        content: [
          {
            type: 'tool_use',
            id: 'toolu_todo1',
            name: 'TodoWrite',
            input: {
              todos: [
                { content: 'Rename the config loader to loadSettings', status: 'completed', activeForm: 'Renaming the loader' },
                { content: 'Update the callers in src/cli/', status: 'in_progress', activeForm: 'Updating callers' },
                { content: 'Run the unit tests and fix failures', status: 'pending', activeForm: 'Running tests' },
              ],
            },
          },
        ],
      },
    },
    {
      ...base,
      type: 'user',
      uuid: 'w-3',
      message: {
        role: 'user',
        content: [{ tool_use_id: 'toolu_todo1', type: 'tool_result', content: 'Todos have been modified successfully.' }],
      },
      toolUseResult: { oldTodos: [], newTodos: [] },
    },
    { ...base, type: 'assistant', uuid: 'w-4', message: { role: 'assistant', content: [{ type: 'text', text: PLAN }] } },
  ];
  appendFileSync(file, rows.map((r) => `${JSON.stringify(r)}\n`).join(''));
}

beforeAll(async () => {
  root = makeRepo().root;
  home = tempHome();
  const plan = await planInstall({
    root,
    clients: ['claude'],
    personal: false,
    force: false,
    lang: 'en' as const,
    langExplicit: false,
    bundleDir: HOOKS,
    version: '0.1.0',
  });
  await applyChanges(root, plan);
});

function installedSessionStart(input: object, lang = 'en'): string {
  const settings = JSON.parse(readFileSync(path.join(root, '.claude/settings.json'), 'utf8'));
  const command = settings.hooks.SessionStart[0].hooks[0].command as string;
  const r = spawnSync('sh', ['-c', command], {
    cwd: root,
    input: JSON.stringify({ hook_event_name: 'SessionStart', cwd: root, source: 'startup', ...input }),
    env: { PATH: process.env.PATH ?? '', HOME: home, CLAUDE_PROJECT_DIR: root, BUTLER_LANG: lang },
    encoding: 'utf8',
  });
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

describe('a session cut off after a long request, recovered at the next start', () => {
  it('offers the whole request, and the snapshot holds the todos as open and done work and the last plan', async () => {
    const t1 = placeTranscript(home, root, 'claude', 's-1');
    installedSessionStart({ session_id: 's-1', transcript_path: t1 });
    claudeTail(t1);
    age(t1, 600);
    const out = installedSessionStart({ session_id: 's-2', transcript_path: placeTranscript(home, root, 'claude', 's-2') });
    expect(REQUEST.length).toBeGreaterThan(230);
    expect(out).toContain(`The user's last request: ${REQUEST}`);
    expect(out).toContain('automatic checkpoint (recovered)');
    expect(out.length).toBeLessThanOrEqual(2001);
    const [auto] = (await new HandoverStore(root).entries()).filter((e) => e.mode === 'auto');
    const md = (await new HandoverStore(root).readSnapshot(auto!))!;
    expect(md).toContain(`- Request: ${REQUEST} (L`);
    expect(md).toMatch(
      /## NEXT_ACTION\n.*\n\n1\. \[in progress\] Update the callers in src\/cli\/\n2\. Run the unit tests and fix failures\n3\. Compare/,
    );
    expect(md).toContain("- Done (agent's todo): Rename the config loader to loadSettings");
    expect(md).toMatch(new RegExp(`- The agent's last message \\(L\\d+ 2026-12-02T12:00:00Z\\): ${PLAN.replace(/[.*]/g, '\\$&')}`));
  });
});

// Field trial F: a message of about 1,060 characters lost its last instruction ("Don't publish anything") at
// the next start, cut at 1,000 although the whole output had room. Fixed sentences, so the test knows the end.
const LONG = Array.from({ length: 16 }, (_, i) => `Instruction ${i + 1}: keep the public name of helper ${i + 1} exactly as it is.`)
  .concat(["Last and most important: don't publish anything to the remote, I review first."])
  .join(' ');

describe('a long message of instructions at the next start', () => {
  it('arrives whole when the start has room for it, its last instruction included', () => {
    expect(LONG.length).toBeGreaterThan(1100);
    const t = placeTranscript(home, root, 'claude', 's-long');
    installedSessionStart({ session_id: 's-long', transcript_path: t });
    claudeTail(t, LONG, 's-long');
    age(t, 600);
    const out = installedSessionStart({ session_id: 's-next', transcript_path: placeTranscript(home, root, 'claude', 's-next') });
    expect(out).toContain(`The user's last request: ${LONG}\n`);
    expect(out).not.toContain('(cut; the rest: handover_read)');
    expect(out.length).toBeLessThanOrEqual(2001);
  });

  it('a request longer than the start can hold is shortened with the mark that names handover_read', () => {
    const huge = `${LONG} ${LONG}`;
    const t = placeTranscript(home, root, 'claude', 's-huge');
    installedSessionStart({ session_id: 's-huge', transcript_path: t });
    claudeTail(t, huge, 's-huge');
    age(t, 600);
    const out = installedSessionStart({ session_id: 's-after', transcript_path: placeTranscript(home, root, 'claude', 's-after') });
    const line = out.split('\n').find((l) => l.startsWith("The user's last request: "))!;
    expect(line.startsWith(`The user's last request: ${LONG.slice(0, 600)}`)).toBe(true);
    expect(line.endsWith('… (cut; the rest: handover_read)')).toBe(true);
    expect(out).toContain('handover_resume(handover_id="');
    expect(out.length).toBeLessThanOrEqual(2001);
  });

  it('in Japanese the mark follows the cut with no ASCII space before its full-width parenthesis', () => {
    const ja = Array.from({ length: 120 }, (_, i) => `指示${i + 1}: 公開名はそのまま。`).join('');
    const t = placeTranscript(home, root, 'claude', 's-ja');
    installedSessionStart({ session_id: 's-ja', transcript_path: t }, 'ja');
    claudeTail(t, ja, 's-ja');
    age(t, 600);
    const out = installedSessionStart(
      { session_id: 's-ja-next', transcript_path: placeTranscript(home, root, 'claude', 's-ja-next') },
      'ja',
    );
    const line = out.split('\n').find((l) => l.startsWith('ユーザーの最後の依頼: '))!;
    expect(line.startsWith(`ユーザーの最後の依頼: ${ja.slice(0, 300)}`)).toBe(true);
    expect(line).toMatch(/[^ ]…（続きは handover_read）$/);
    expect(out.length).toBeLessThanOrEqual(2001);
  });
});
