import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';
import { seedIssue } from '../issues/helpers.js';

let root: string;
let clock: ReturnType<typeof fakeClock>;
beforeEach(() => {
  root = makeRepo().root;
  clock = fakeClock();
});

async function brain(name: string) {
  const c = await connect({ clientName: name, deps: { now: clock.now } });
  await c.call('work_session_start', { project_root: root });
  return c;
}

const snapshots = () =>
  existsSync(path.join(root, 'session_logs/handover'))
    ? readdirSync(path.join(root, 'session_logs/handover')).filter((f) => f.endsWith('.md'))
    : [];

describe('handover input validation', () => {
  it.each([['../../etc/passwd'], ['issue-1-20260604T100000Z-../../x'], ['issue-1-20260604T100000Z-a/b'], ['project-2026-codex'], ['-rf']])(
    'refuses the handover id %s with invalid_argument',
    async (id) => {
      const c = await brain('codex');
      for (const tool of ['handover_read', 'handover_resume', 'handover_accept']) {
        const r = await c.call(tool, { handover_id: id });
        expect(r.status).toBe('error');
        expect(r.error_code).toBe('invalid_argument');
        expect(r.hint).toContain('handover_id');
      }
      await c.close();
    },
  );

  it('an unknown but well-formed handover id gives not_found with the latest candidates', async () => {
    const c = await brain('codex');
    await c.call('handover_prepare', { issue_id: 3 });
    const r = await c.call('handover_read', { handover_id: 'issue-3-20990101T000000Z-codex' });
    expect(r.error_code).toBe('not_found');
    expect(r.data.candidate_handovers).toHaveLength(1);
    await c.close();
  });

  it.each([
    [{ issue_id: -1 }],
    [{ issue_id: 1.5 }],
    [{ issue_id: '49abc' }],
    [{ limit: 0 }],
    [{ limit: 10_000 }],
    [{ created_to: '2026-13-45' }],
    [{ target_brain: 'x'.repeat(100) }],
  ])('handover_list refuses %j', async (args) => {
    const c = await brain('codex');
    const r = await c.call('handover_list', args);
    expect(r.error_code).toBe('invalid_argument');
    await c.close();
  });

  it('a session_log_path outside the project is refused and nothing is written', async () => {
    const c = await brain('codex');
    for (const p of ['/etc/passwd', '../outside.jsonl']) {
      const r = await c.call('handover_suspend', { session_log_path: p });
      expect(r.error_code).toBe('invalid_argument');
    }
    expect(snapshots()).toEqual([]);
    await c.close();
  });

  it('a brain name with path characters is normalised, so it cannot leave session_logs/', async () => {
    const c = await brain('codex');
    const r = await c.call('handover_transfer', { target_brain: '../../evil brain' });
    expect(r.status).toBe('need_input');
    expect(r.data.target_brain).toBe('______evil_brain');
    expect(snapshots()).toEqual([]);
    // A client argument names a known brain or nothing: this one is refused before anything is written.
    const s = await c.call('handover_suspend', { client: '../x' });
    expect(s.status).toBe('need_input');
    expect(snapshots()).toEqual([]);
    await c.close();
  });

  it('handover tools ask for work_session_start first', async () => {
    const c = await connect({ clientName: 'codex' });
    const r = await c.call('handover_resume', {});
    expect(r.status).toBe('need_input');
    expect(r.data.required_action.tool).toBe('work_session_start');
    await c.close();
  });
});

describe('identity (D12-D14)', () => {
  it('source_brain comes from clientInfo.name; an explicit client overrides it', async () => {
    const c = await brain('claude-code');
    expect((await c.call('handover_suspend', {})).data.source_brain).toBe('claude-code');
    clock.advance(1);
    // The client's title and short names map to its brain id (issue 22), never to a new brain.
    const o = await c.call('handover_suspend', { client: 'Claude Code' });
    expect(o.data).toMatchObject({ source_brain: 'claude-code', target_brain: 'claude-code' });
    await c.close();
  });

  it('without any identity suspend writes source unknown and target any', async () => {
    const c = await brain('');
    const r = await c.call('handover_suspend', {});
    expect(r.data).toMatchObject({ source_brain: 'unknown', target_brain: 'any' });
    await c.close();
  });

  it('work_session_start upserts brain_registry.json with last_seen and title; list_brains returns them', async () => {
    const a = await brain('claude-code');
    clock.advance(30);
    const b = await brain('codex-mcp-client');
    const reg = JSON.parse(readFileSync(path.join(root, 'session_logs/brain_registry.json'), 'utf8'));
    expect(reg.brains['claude-code']).toMatchObject({ last_seen: '2026-06-04T10:00:00.000Z', title: 'Claude Code' });
    expect(reg.brains['codex-mcp-client'].title).toBe('Codex');
    const r = await a.call('handover_list_brains');
    expect(r.data.brains.map((x: any) => x.brain_id)).toEqual(['codex-mcp-client', 'claude-code']);
    await Promise.all([a.close(), b.close()]);
  });

  it('accept with an explicit client that differs from the connection gives an identity hint', async () => {
    const c = await brain('claude-code');
    const r = await c.call('handover_accept', { client: 'codex' });
    expect(r.status).toBe('need_input');
    expect(r.data.identity_hint).toContain('codex');
    await c.close();
  });
});

describe('candidate rules beyond D10', () => {
  it('the same brain suspending twice resumes the newest, without a question', async () => {
    const c = await brain('codex');
    await c.call('handover_suspend', { issue_id: 2, notes: 'older' });
    clock.advance(60);
    await c.call('handover_suspend', { issue_id: 2, notes: 'newer' });
    const r = await c.call('handover_resume', { issue_id: 2 });
    expect(r.status).toBe('ok');
    expect(r.data.snapshot).toContain('newer');
    await c.close();
  });

  it('resume with no issue and no default issue sees issue-level snapshots too (D11, bug A)', async () => {
    seedIssue(root, 66);
    const c = await brain('codex');
    await c.call('handover_suspend', { notes: 'old project-level' });
    clock.advance(60);
    await c.call('handover_suspend', { issue_id: 66, notes: 'issue work' });
    const r = await c.call('handover_resume', {});
    expect(r.status).toBe('need_input');
    expect(r.data.candidate_handovers.map((x: any) => x.issue_id).sort()).toEqual([66, null].sort());
    await c.call('work_start', { issue_id: 66 });
    const scoped = await c.call('handover_resume', {});
    expect(scoped.status).toBe('ok');
    expect(scoped.data.snapshot).toContain('issue work');
    await c.close();
  });

  it("accept skips this brain's own suspends", async () => {
    const c = await brain('codex');
    await c.call('handover_suspend', { issue_id: 4 });
    const r = await c.call('handover_accept', { issue_id: 4 });
    expect(r.status).toBe('need_input');
    expect(r.data.for_source.tool).toBe('handover_transfer');
    await c.close();
  });

  it('resume reports drift after commits', async () => {
    const c = await brain('codex');
    await c.call('handover_suspend', { notes: 'x' });
    const { git } = await import('../helpers/repo.js');
    const fs = await import('node:fs');
    fs.writeFileSync(path.join(root, 'new.txt'), 'n');
    git(root, 'add', 'new.txt');
    git(root, 'commit', '-q', '-m', 'second commit');
    const r = await c.call('handover_resume', {});
    expect(r.data.drift).toMatchObject({ head_moved: true, commits_since: 1 });
    expect(r.data.drift.recent_commits[0].message).toBe('second commit');
    expect(r.summary).toMatch(/HEAD moved 1 commit\(s\)/);
    await c.close();
  });
});

describe('transfer to an unknown brain', () => {
  it('a target nobody registered (a typo) gets need_input with the known brains, and nothing is written', async () => {
    const c = await brain('claude-code');
    const r = await c.call('handover_transfer', { target_brain: 'codx', notes: 'x' });
    expect(r.status).toBe('need_input');
    expect(r.summary).toContain('codx');
    expect(r.data.brains.map((b: any) => b.brain_id)).toEqual(['claude-code']);
    expect(r.data.suggested_action).toMatchObject({ tool: 'handover_transfer', required_args: ['target_brain'] });
    expect(snapshots()).toEqual([]);
    const any = await c.call('handover_transfer', { target_brain: 'any' });
    expect(any.status).toBe('ok');
    const other = await brain('codex-mcp-client');
    const ok = await c.call('handover_transfer', { target_brain: 'codex-mcp-client' });
    expect(ok.status).toBe('ok');
    // A title names its brain too: "Codex" is codex-mcp-client.
    const byTitle = await c.call('handover_transfer', { target_brain: 'Codex' });
    expect(byTitle.data.target_brain).toBe('codex-mcp-client');
    await other.close();
    await c.close();
  });
});
