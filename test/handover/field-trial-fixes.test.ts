// Issue 22, from the field trials of the last session: what a successor reads after a handover says each
// thing once, whole or marked where cut, and points at what the successor really does. Real git, a real MCP
// client (in-memory transport), the snapshot files as written.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sectionBody } from '../../src/handover/sections.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

const EN = { BUTLER_LANG: 'en' };
const BODY = '## Current state\nNothing yet\n## Next\nWrite the docs\n## Blockers\nnone';
let root: string;
let clock: ReturnType<typeof fakeClock>;

beforeEach(() => {
  root = makeRepo({ withRemote: true }).root;
  clock = fakeClock();
});

async function brain(name = 'claude-code') {
  const c = await connect({ clientName: name, deps: { now: clock.now, env: EN } });
  expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
  return c;
}

const md = (r: { data: Record<string, any> }) => readFileSync(path.join(root, r.data.snapshot_file), 'utf8');

/** A clean work tree with one record the upstream does not have: work_observe asks the user before publishing. */
function oneUnpublishedRecord() {
  writeFileSync(path.join(root, '.gitignore'), 'session_logs/\n');
  writeFileSync(path.join(root, 'lib.txt'), 'x\n');
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'lib');
}

describe('a closed issue has nothing to resume', () => {
  it('suspend after the issue was closed points the next session at the next issue, not handover_resume', async () => {
    const c = await brain();
    const made = await c.call('issue_create', { title: 'Docs', body: BODY });
    expect(made.status, JSON.stringify(made)).toBe('ok');
    const id = made.data.issue.id;
    const open = await c.call('handover_suspend', { issue_id: id, notes: 'Half done.' });
    expect(open.data.next_session).toMatchObject({ tool: 'handover_resume', args: { issue_id: id } });
    await c.call('issue_close', { issue_id: id });
    clock.advance(60);
    const r = await c.call('handover_suspend', { issue_id: id, notes: 'Done.' });
    expect(r.status).toBe('ok');
    expect(r.data.next_session.tool).toBe('issue_create');
    expect(r.data.next_session.required_args).toEqual(['title']);
    expect(r.data.next_session.reason).toBe(`For your next session, not now: issue #${id} is closed: no work to take over. Ask the user`);
    // What the pointer says is what happens: the next session's resume does not offer the closed issue.
    const next = await c.call('handover_resume', { issue_id: id });
    expect(next.status).toBe('need_input');
    expect(next.data.closed_issues).toEqual([id]);
    await c.close();
  });

  it('a transfer of a closed issue tells the target the same, not handover_accept', async () => {
    const codex = await brain('codex-mcp-client');
    const c = await brain();
    const id = (await c.call('issue_create', { title: 'Docs', body: BODY })).data.issue.id;
    await c.call('issue_close', { issue_id: id });
    const r = await c.call('handover_transfer', { issue_id: id, target_brain: 'codex-mcp-client', notes: 'All yours.' });
    expect(r.data.for_target.tool).toBe('issue_create');
    expect(r.data.for_target.reason).toMatch(/^For codex-mcp-client to run, not you: issue #\d+ is closed/);
    await Promise.all([c.close(), codex.close()]);
  });
});

describe('NEXT_ACTION says each step once', () => {
  it("the agent's own publishing step stays in its words; Butler's 'When the user agrees … work_publish' is not added again", async () => {
    oneUnpublishedRecord();
    const c = await brain();
    const plain = await c.call('handover_suspend', { notes: 'Lib added.\nnext: write the changelog' });
    expect(sectionBody(md(plain), 'NEXT_ACTION')).toEqual([
      '1. write the changelog',
      expect.stringMatching(/^2\. When the user agrees: work_publish\(\) — /),
    ]);
    clock.advance(60);
    const own = await c.call('handover_suspend', {
      notes: 'Lib added.\nnext: write the changelog\nnext: publish the record once the user says yes',
    });
    expect(sectionBody(md(own), 'NEXT_ACTION')).toEqual(['1. write the changelog', '2. publish the record once the user says yes']);
    await c.close();
  });

  it("the agent's own recording step replaces Butler's work_record step; an unrelated step does not", async () => {
    const c = await brain();
    writeFileSync(path.join(root, 'README.md'), '# changed\n');
    const own = await c.call('handover_suspend', { notes: 'README reworded.\nnext: record the README change' });
    expect(sectionBody(md(own), 'NEXT_ACTION')).toEqual(['1. record the README change']);
    clock.advance(60);
    // "recorded" is not the step "record": Butler's step stays.
    const other = await c.call('handover_suspend', { notes: 'README reworded.\nnext: compare the recorded output' });
    const steps = sectionBody(md(other), 'NEXT_ACTION');
    expect(steps[0]).toBe('1. compare the recorded output');
    expect(steps[1]).toMatch(/^2\. work_record\(\) — /);
    expect(steps).toHaveLength(2);
    await c.close();
  });
});

describe('the handoff prompt never cuts words silently', () => {
  it('a note longer than the summary is marked where cut and names the call that shows it whole', async () => {
    const c = await brain();
    const line =
      'The lexer is rewritten and all its tests pass. The parser still uses the old token stream, which breaks on nested templates. The user wants the README left exactly as it is.';
    const r = await c.call('handover_transfer', { target_brain: 'any', notes: line });
    const first = r.data.handoff_prompt.split('\n')[0];
    expect(first).toBe(
      'The lexer is rewritten and all its tests pass. The parser still uses the old token stream, which breaks on nested templates. (more: handover_read)',
    );
    // The call it names does show the whole note.
    const read = await c.call('handover_read', { handover_id: r.data.handover_id });
    expect(JSON.stringify(read.data)).toContain(line);
    await c.close();
  });

  it('a note that fits is not marked; a long next step is marked, not silently clipped', async () => {
    const c = await brain();
    const short = await c.call('handover_suspend', { notes: 'Parser done.' });
    expect(short.data.handoff_prompt.split('\n')[0]).toBe('Parser done.');
    expect(short.data.handoff_prompt).not.toContain('(cut;');
    clock.advance(60);
    const step = `port the parser ${'to the new token stream and '.repeat(12)}finish`;
    const long = await c.call('handover_suspend', { notes: `Parser done.\nnext: ${step}` });
    const cont = long.data.handoff_prompt.split('\n').find((l: string) => l.startsWith('3. Continue from NEXT_ACTION:'));
    expect(cont).toMatch(/… \(cut; the rest: handover_read\)$/);
    expect(sectionBody(md(long), 'NEXT_ACTION')[0]).toBe(`1. ${step}`);
    await c.close();
  });
});

describe('carried items appear once across a chain of snapshots', () => {
  it('a pending item restated in other spelling, or twice, is listed once in every later snapshot', async () => {
    const c = await brain();
    await c.call('handover_suspend', {
      notes: 'Start.\npending: ask the user whether README may change.\nblocked: staging DB credentials missing',
    });
    clock.advance(60);
    // The agent restates the same item without the full stop, with other spacing and case, and twice.
    const second = await c.call('handover_suspend', {
      notes: 'More.\npending: Ask the user  whether README may change\npending: ask the user whether README may change',
    });
    expect(sectionBody(md(second), 'BLOCKED / PENDING')).toEqual([
      '- [waiting on the user] Ask the user  whether README may change',
      '- [blocked] staging DB credentials missing',
    ]);
    clock.advance(60);
    const third = await c.call('handover_suspend', { notes: 'Still more.\nblocked: staging DB credentials missing.' });
    expect(sectionBody(md(third), 'BLOCKED / PENDING')).toEqual([
      '- [blocked] staging DB credentials missing.',
      '- [waiting on the user] Ask the user  whether README may change',
    ]);
    clock.advance(60);
    const fourth = await c.call('handover_suspend', { notes: 'Nothing new.' });
    expect(sectionBody(md(fourth), 'BLOCKED / PENDING')).toEqual([
      '- [blocked] staging DB credentials missing.',
      '- [waiting on the user] Ask the user  whether README may change',
    ]);
    await c.close();
  });

  it('a pending item whose own text starts with brackets is still recognised when restated', async () => {
    const c = await brain();
    await c.call('handover_suspend', { notes: 'Start.\npending: [docs] confirm the wording' });
    clock.advance(60);
    const second = await c.call('handover_suspend', { notes: 'More.\npending: [docs] confirm the wording' });
    expect(sectionBody(md(second), 'BLOCKED / PENDING')).toEqual(['- [waiting on the user] [docs] confirm the wording']);
    await c.close();
  });
});

describe('a note with no next step keeps the open steps of the snapshot before it (newcomer walk-through 8)', () => {
  it('suspend "next: write the test", transfer "over to Codex": the transfer continues from writing the test', async () => {
    const c = await brain();
    const id = (await c.call('issue_create', { title: 'Parser', body: BODY })).data.issue.id;
    writeFileSync(path.join(root, 'a.txt'), 'a\n');
    await c.call('work_record', { message: 'a' });
    const s = await c.call('handover_suspend', { issue_id: id, notes: 'Parser half done.\nnext: write the test\nnext: run it' });
    expect(sectionBody(md(s), 'NEXT_ACTION')).toContain('1. write the test');
    const t = await c.call('handover_transfer', { issue_id: id, target_brain: 'any', notes: 'Over to Codex: finish the test.' });
    const next = sectionBody(md(t), 'NEXT_ACTION').filter((l) => /^\d+\. /.test(l));
    expect(next[0]).toBe('1. write the test');
    expect(next[1]).toBe('2. run it');
    expect(t.data.handoff_prompt).toContain('Continue from NEXT_ACTION: write the test');
    // A step the notes name replaces the carried ones; Butler's own steps are never carried.
    const u = await c.call('handover_transfer', { issue_id: id, target_brain: 'any', notes: 'Again.\nnext: review it' });
    const again = sectionBody(md(u), 'NEXT_ACTION').filter((l) => /^\d+\. /.test(l));
    expect(again[0]).toBe('1. review it');
    expect(again.join('\n')).not.toContain('write the test');
    await c.close();
  });
});
