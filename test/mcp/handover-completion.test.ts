// The handover completion criteria (docs/decisions.md D33): one named test per criterion.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { SECTIONS } from '../../src/handover/sections.js';
import { INSTRUCTIONS } from '../../src/mcp/instructions.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';
import { STRUCTURED_JA, seedIssue } from '../issues/helpers.js';

let root: string;
let clock: ReturnType<typeof fakeClock>;

async function brain(name: string) {
  const c = await connect({ clientName: name, deps: { now: clock.now } });
  const r = await c.call('work_session_start', { project_root: root });
  expect(r.status).toBe('ok');
  return c;
}

beforeEach(() => {
  root = makeRepo().root;
  clock = fakeClock();
});

describe('D33 handover completion criteria', () => {
  it('01 handover_suspend(issue_id=49) creates a snapshot for the same brain', async () => {
    const codex = await brain('codex');
    const r = await codex.call('handover_suspend', { issue_id: 49, notes: 'spec reviewed' });
    expect(r.status).toBe('ok');
    expect(r.data).toMatchObject({ issue_id: 49, source_brain: 'codex', target_brain: 'codex', mode: 'core' });
    expect(r.data.handover_id).toBe('issue-49-20260604T100000Z-codex');
    expect(r.data.snapshot_file).toBe('session_logs/handover/issue-49_20260604T100000Z_codex.md');
    expect(r.data.latest_file).toBe('session_logs/handover/issue-49_latest.md');
    // For the next session, not for this agent now: never in required_action.
    expect(r.data.next_session.tool).toBe('handover_resume');
    expect(r.data).not.toHaveProperty('required_action');
    await codex.close();
  });

  it('02 handover_resume(issue_id=49) returns the latest snapshot and the current state', async () => {
    const codex = await brain('codex');
    await codex.call('handover_suspend', { issue_id: 49, notes: 'first' });
    clock.advance(60);
    await codex.call('handover_suspend', { issue_id: 49, notes: 'second' });
    const r = await codex.call('handover_resume', { issue_id: 49 });
    expect(r.status).toBe('ok');
    expect(r.data.snapshot).toContain('second');
    expect(r.data.work_state.work_state).toBeTypeOf('string');
    expect(r.data.drift).toMatchObject({ head_moved: false, branch_changed: false });
    expect(r.data.required_action).toMatchObject({ tool: 'work_start', args: { issue_id: 49 } });
    await codex.close();
  });

  it("02b field trial F: a resume with edits in the work tree names one next step, not the work state's own too", async () => {
    const codex = await brain('codex');
    await codex.call('handover_suspend', { issue_id: 49, notes: 'first' });
    writeFileSync(path.join(root, 'edited.txt'), 'x\n');
    const observed = await codex.call('work_observe');
    expect(observed.data.required_action).toMatchObject({ tool: 'work_record' });
    const r = await codex.call('handover_resume', { issue_id: 49 });
    expect(r.data.work_state.work_state).toBe('dirty');
    expect(r.data.work_state.dirty_files).toContain('edited.txt');
    expect(r.data.work_state).not.toHaveProperty('required_action');
    expect(JSON.stringify(r.data).match(/"required_action"/g)).toHaveLength(1);
    expect(r.data.required_action).toMatchObject({ tool: 'work_start', args: { issue_id: 49 } });
    await codex.close();
  });

  it('03 handover_transfer(issue_id=49, target_brain="claude_code") stores target_brain in METADATA and index', async () => {
    await (await brain('claude_code')).close();
    const codex = await brain('codex');
    const r = await codex.call('handover_transfer', { issue_id: 49, target_brain: 'claude_code' });
    expect(r.data.target_brain).toBe('claude_code');
    const md = readFileSync(path.join(root, r.data.snapshot_file), 'utf8');
    expect(md).toContain('- target_brain: claude_code');
    const index = JSON.parse(readFileSync(path.join(root, 'session_logs/handover/index.json'), 'utf8'));
    expect(index.handovers[0].target_brain).toBe('claude_code');
    // The same call the HANDOFF_PROMPT names: one recipe for the target (field trial).
    expect(r.data.for_target).toMatchObject({ tool: 'handover_accept', args: { handover_id: r.data.handover_id } });
    expect(r.data).not.toHaveProperty('required_action');
    await codex.close();
  });

  it('04 handover_accept(source_brain="codex", issue_id=49) takes the snapshot addressed to it', async () => {
    await (await brain('claude_code')).close();
    const codex = await brain('codex');
    await codex.call('handover_transfer', { issue_id: 49, target_brain: 'claude_code', notes: 'for claude' });
    const claude = await brain('claude_code');
    const r = await claude.call('handover_accept', { source_brain: 'codex', issue_id: 49 });
    expect(r.status).toBe('ok');
    expect(r.data.snapshot).toContain('for claude');
    expect(r.data).toMatchObject({ source_brain: 'codex', target_brain: 'claude_code' });
    await Promise.all([codex.close(), claude.close()]);
  });

  it('05 handover_prepare(issue_id=49) creates a snapshot addressed to any', async () => {
    const codex = await brain('codex');
    const r = await codex.call('handover_prepare', { issue_id: 49 });
    expect(r.status).toBe('ok');
    expect(r.data.target_brain).toBe('any');
    expect(r.data.required_action).toMatchObject({ tool: 'handover_read', args: { issue_id: 49 } });
    await codex.close();
  });

  it('06 handover_read(issue_id=49) returns the latest snapshot and its HANDOFF_PROMPT', async () => {
    const codex = await brain('codex');
    await codex.call('handover_prepare', { issue_id: 49, notes: 'old' });
    clock.advance(5);
    await codex.call('handover_prepare', { issue_id: 49, notes: 'new one' });
    const r = await codex.call('handover_read', { issue_id: 49 });
    expect(r.status).toBe('ok');
    expect(r.data.snapshot).toContain('new one');
    expect(r.data.handoff_prompt.split('\n').length).toBeGreaterThanOrEqual(3);
    expect(r.data.handoff_prompt.split('\n').length).toBeLessThanOrEqual(8);
    expect(r.data.required_action.tool).toBe('work_observe');
    await codex.close();
  });

  it('07 handover_list(issue_id=49) returns the saved history', async () => {
    const codex = await brain('codex');
    await codex.call('handover_prepare', { issue_id: 49 });
    clock.advance(1);
    await codex.call('handover_prepare', { issue_id: 49 });
    clock.advance(1);
    await codex.call('handover_prepare', { issue_id: 50 });
    const r = await codex.call('handover_list', { issue_id: 49 });
    expect(r.data.count).toBe(2);
    expect(r.data.handovers.map((h: any) => h.issue_id)).toEqual([49, 49]);
    expect(r.data.handovers[0].is_latest).toBe(true);
    expect(r.data.handovers[1].is_latest).toBe(false);
    expect(r.data.suggested_action).toMatchObject({ tool: 'handover_read', args: { handover_id: r.data.handovers[0].handover_id } });
    await codex.close();
  });

  it('08 handover_list(created_from, created_to) filters by date in the current project', async () => {
    const codex = await brain('codex');
    clock.set('2026-06-03T09:00:00Z');
    await codex.call('handover_prepare', { notes: 'day one' });
    clock.set('2026-06-04T09:00:00Z');
    await codex.call('handover_prepare', { notes: 'day two' });
    const r = await codex.call('handover_list', { created_from: '2026-06-04T00:00:00Z', created_to: '2026-06-04T23:59:59Z' });
    expect(r.data.count).toBe(1);
    expect(r.data.handovers[0].summary).toBe('day two');
    const bad = await codex.call('handover_list', { created_from: 'yesterday' });
    expect(bad.error_code).toBe('invalid_argument');
    await codex.close();
  });

  it('09 handover_list(client="claude_code") searches the whole project by source brain', async () => {
    const codex = await brain('codex');
    const claude = await brain('claude_code');
    await claude.call('handover_prepare', { issue_id: 1 });
    await claude.call('handover_prepare', {});
    await codex.call('handover_prepare', { issue_id: 1 });
    const r = await codex.call('handover_list', { client: 'claude_code' });
    expect(r.data.count).toBe(2);
    expect(r.data.handovers.every((h: any) => h.source_brain === 'claude_code')).toBe(true);
    const alias = await codex.call('handover_list', { source_brain: 'claude_code' });
    expect(alias.data.count).toBe(2);
    await Promise.all([codex.close(), claude.close()]);
  });

  it('10 handover_read(handover_id) returns a specific past snapshot', async () => {
    const codex = await brain('codex');
    const first = await codex.call('handover_prepare', { issue_id: 49, notes: 'the first' });
    clock.advance(10);
    await codex.call('handover_prepare', { issue_id: 49, notes: 'the second' });
    const r = await codex.call('handover_read', { handover_id: first.data.handover_id });
    expect(r.data.snapshot).toContain('the first');
    await codex.close();
  });

  it('11 section names are exact, HANDOFF_PROMPT included', async () => {
    const codex = await brain('codex');
    const r = await codex.call('handover_prepare', { issue_id: 49 });
    const md = readFileSync(path.join(root, r.data.snapshot_file), 'utf8');
    for (const s of SECTIONS) expect(md).toContain(`\n## ${s}\n`);
    expect(md).not.toContain('HANDIFF');
    expect(md.split('\n').length).toBeLessThanOrEqual(300);
    await codex.close();
  });

  it('12 snapshots are saved under session_logs/handover/, which is git-ignored', async () => {
    const codex = await brain('codex');
    const r = await codex.call('handover_prepare', {});
    expect(r.data.snapshot_file).toMatch(/^session_logs\/handover\/project_\d{8}T\d{6}Z_codex\.md$/);
    expect(existsSync(path.join(root, r.data.snapshot_file))).toBe(true);
    expect(existsSync(path.join(root, 'session_logs/handover/project_latest.md'))).toBe(true);
    expect(readFileSync(path.join(root, '.gitignore'), 'utf8')).toContain('session_logs/');
    await codex.close();
  });

  it('13 handover_list candidates carry issue_title', async () => {
    const codex = await brain('codex');
    const created = await codex.call('issue_create', { title: 'Handoverの仕組みをつくる', body: STRUCTURED_JA });
    const id = created.data.issue?.id ?? created.data.issue_id;
    await codex.call('handover_prepare', { issue_id: id });
    const r = await codex.call('handover_list', { issue_id: id });
    expect(r.data.handovers[0].issue_title).toBe('Handoverの仕組みをつくる');
    await codex.close();
  });

  it('14 a missing latest gives need_input with required_action handover_prepare', async () => {
    const codex = await brain('codex');
    const r = await codex.call('handover_read', { issue_id: 49 });
    expect(r.status).toBe('need_input');
    expect(r.data).toMatchObject({ issue_id: 49, handover_id: null, snapshot_file: null });
    expect(r.data.required_action).toMatchObject({ tool: 'handover_prepare', args: { issue_id: 49 } });
    const project = await codex.call('handover_read', {});
    expect(project.data.required_action).toMatchObject({ tool: 'handover_prepare', args: {} });
    await codex.close();
  });

  it('15 several history entries are listed, and list picks none', async () => {
    const codex = await brain('codex');
    await codex.call('handover_prepare', { issue_id: 49 });
    clock.advance(1);
    await codex.call('handover_prepare', { issue_id: 49 });
    const r = await codex.call('handover_list', { issue_id: 49 });
    expect(r.data.count).toBe(2);
    expect(r.data).not.toHaveProperty('snapshot');
    await codex.close();
  });

  it('16 resume and accept never choose among several candidates', async () => {
    await (await brain('claude_code')).close();
    const a = await brain('codex');
    const b = await brain('gemini');
    await a.call('handover_transfer', { issue_id: 49, target_brain: 'claude_code', notes: 'from codex' });
    await b.call('handover_transfer', { issue_id: 49, target_brain: 'claude_code', notes: 'from gemini' });
    const claude = await brain('claude_code');
    for (const tool of ['handover_accept', 'handover_resume']) {
      const r = await claude.call(tool, { issue_id: 49 });
      expect(r.status).toBe('need_input');
      expect(r.data).not.toHaveProperty('snapshot');
      expect(r.data.candidate_handovers).toHaveLength(2);
      for (const c of r.data.candidate_handovers) {
        expect(Object.keys(c)).toEqual(
          expect.arrayContaining(['handover_id', 'issue_title', 'source_brain', 'target_brain', 'created_at', 'summary']),
        );
      }
    }
    await Promise.all([a.close(), b.close(), claude.close()]);
  });

  it('17 resume and accept read the one candidate and return the current state', async () => {
    await (await brain('claude_code')).close();
    const codex = await brain('codex');
    await codex.call('handover_transfer', { issue_id: 49, target_brain: 'claude_code' });
    const claude = await brain('claude_code');
    const acc = await claude.call('handover_accept', {});
    expect(acc.status).toBe('ok');
    expect(acc.data.work_state).toBeTruthy();
    expect(acc.data.work_state).toMatchObject({
      branch: 'main',
      head: expect.stringMatching(/^[0-9a-f]{40}$/),
      work_state: expect.any(String),
    });
    await claude.call('handover_suspend', { issue_id: 7 });
    const res = await claude.call('handover_resume', { issue_id: 7 });
    expect(res.status).toBe('ok');
    expect(res.data.work_state).toBeTruthy();
    expect(res.data.work_state).toMatchObject({ branch: 'main', dirty_count: expect.any(Number), work_state: expect.any(String) });
    await Promise.all([codex.close(), claude.close()]);
  });

  it('18 accept with no candidate gives need_input and asks for handover_transfer (by the source)', async () => {
    const claude = await brain('claude_code');
    const r = await claude.call('handover_accept', { source_brain: 'codex', issue_id: 49 });
    expect(r.status).toBe('need_input');
    // The transfer is the source brain's step, so it is not this agent's required_action.
    expect(r.data.for_source).toMatchObject({ tool: 'handover_transfer', args: { target_brain: 'claude_code', issue_id: 49 } });
    expect(r.data).not.toHaveProperty('required_action');
    expect(r.data.suggested_action).toMatchObject({ tool: 'handover_list', args: { issue_id: 49 } });
    await claude.close();
  });

  it('19 accept without a known brain never takes a snapshot addressed to a specific brain', async () => {
    await (await brain('claude_code')).close();
    const codex = await brain('codex');
    await codex.call('handover_transfer', { issue_id: 49, target_brain: 'claude_code' });
    const anon = await connect({ clientName: '', deps: { now: clock.now } });
    await anon.call('work_session_start', { project_root: root });
    const r = await anon.call('handover_accept', { issue_id: 49 });
    expect(r.status).toBe('need_input');
    expect(r.data.candidate_handovers).toEqual([]);
    await codex.call('handover_prepare', { issue_id: 49, notes: 'for anyone' });
    const r2 = await anon.call('handover_accept', { issue_id: 49 });
    expect(r2.status).toBe('ok');
    expect(r2.data.target_brain).toBe('any');
    await Promise.all([codex.close(), anon.close()]);
  });

  it('20 exact target_brain first, then the any fallback', async () => {
    const codex = await brain('codex');
    await codex.call('handover_prepare', { issue_id: 49, notes: 'to any' });
    clock.advance(1);
    const claude = await brain('claude_code');
    const onlyAny = await claude.call('handover_accept', { issue_id: 49 });
    expect(onlyAny.data.target_brain).toBe('any');
    clock.advance(1);
    await codex.call('handover_transfer', { issue_id: 49, target_brain: 'claude_code', notes: 'to claude' });
    const exact = await claude.call('handover_accept', { issue_id: 49 });
    expect(exact.status).toBe('ok');
    expect(exact.data.target_brain).toBe('claude_code');
    const resumed = await claude.call('handover_resume', { issue_id: 49 });
    expect(resumed.data.target_brain).toBe('claude_code');
    await Promise.all([codex.close(), claude.close()]);
  });

  it('21 resume(issue_id) with no issue candidate never falls back to project-level snapshots', async () => {
    seedIssue(root, 49);
    const codex = await brain('codex');
    await codex.call('handover_suspend', { notes: 'project-level' });
    const r = await codex.call('handover_resume', { issue_id: 49 });
    expect(r.status).toBe('need_input');
    expect(r.data).not.toHaveProperty('snapshot');
    await codex.call('work_start', { issue_id: 49 });
    const viaDefault = await codex.call('handover_resume', {});
    expect(viaDefault.status).toBe('need_input');
    await codex.close();
  });

  it('22 required_action is to be run without asking: the MCP instructions say so', () => {
    expect(INSTRUCTIONS).toMatch(
      /required_action now without asking unless status is need_input or the user said otherwise: it never needs the user/,
    );
    expect(INSTRUCTIONS).toMatch(/ask_user_first \(publish, close an issue, transfer, retire\) needs the user's yes first/);
    expect(INSTRUCTIONS).toMatch(/need_input/);
  });

  it("23 another project's snapshots never appear in handover_list", async () => {
    const other = makeRepo().root;
    const codex = await brain('codex');
    await codex.call('handover_prepare', { notes: 'here' });
    await codex.call('work_session_start', { project_root: other });
    await codex.call('handover_prepare', { notes: 'there' });
    const there = await codex.call('handover_list', {});
    expect(there.data.handovers.map((h: any) => h.summary)).toEqual(['there']);
    await codex.call('work_session_start', { project_root: root });
    const here = await codex.call('handover_list', {});
    expect(here.data.handovers.map((h: any) => h.summary)).toEqual(['here']);
    await codex.close();
  });

  it('24 the brain-facing handover tools are published', async () => {
    const codex = await brain('codex');
    const { tools } = await codex.client.listTools();
    const names = tools.map((t) => t.name);
    for (const n of [
      'handover_suspend',
      'handover_resume',
      'handover_transfer',
      'handover_accept',
      'handover_prepare',
      'handover_read',
      'handover_list',
      'handover_list_brains',
    ]) {
      expect(names).toContain(n);
    }
    await codex.close();
  });
});
