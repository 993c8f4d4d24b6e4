// Issue #11: the handover lifecycle on the paths real agents walk, through a real MCP client.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { sectionBody } from '../../src/handover/sections.js';
import { sessionStart } from '../../src/hooks/session-start.js';
import { fakeClock } from '../helpers/clock.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';
import { fakeBundles } from '../install/helpers.js';

const EN = { BUTLER_LANG: 'en' };
let root: string;
let clock: ReturnType<typeof fakeClock>;

beforeEach(() => {
  root = makeRepo().root;
  clock = fakeClock();
});

async function brain(name: string) {
  const c = await connect({ clientName: name, deps: { now: clock.now, env: EN } });
  expect((await c.call('work_session_start', { project_root: root })).status).toBe('ok');
  return c;
}

async function cli(...args: string[]) {
  let stdout = '';
  const code = await runCli(args, {
    cwd: root,
    env: { ...EN, BUTLER_BUNDLE_DIR: fakeBundles() },
    stdout: (t) => (stdout += t),
    stderr: (t) => (stdout += t),
    readStdin: async () => '',
  });
  return { code, stdout };
}

const md = (r: { data: Record<string, any> }) => readFileSync(path.join(root, r.data.snapshot_file), 'utf8');
const BODY = '## Current state\nFiled long ago\n## Next\nParser\n## Blockers\nNone';
const hook = (brainId: string) =>
  sessionStart(JSON.stringify({ session_id: 's', cwd: root, source: 'startup' }), { brain: brainId, env: EN });

describe('the first transfer right after install', () => {
  it('install registers both clients as known but unseen; a transfer to Codex is a normal transfer', async () => {
    expect((await cli('install', '--project', root)).code).toBe(0);
    const claude = await brain('claude-code');
    const brains = (await claude.call('handover_list_brains')).data.brains;
    expect(brains).toEqual([
      expect.objectContaining({ brain_id: 'claude-code', title: 'Claude Code', last_seen: expect.any(String) }),
      expect.objectContaining({ brain_id: 'codex-mcp-client', title: 'Codex', last_seen: null }),
    ]);
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: 'Parser done.' });
    expect(t.status).toBe('ok');
    expect(t.data).not.toHaveProperty('target_known');
    // A second install changes nothing, and keeps what was seen.
    await cli('install', '--project', root);
    expect((await claude.call('handover_list_brains')).data.brains[0].last_seen).toBe(brains[0].last_seen);
    await claude.close();
  });

  it('a client argument cannot create a brain: an alias maps to its brain id, anything else is need_input and writes nothing', async () => {
    const c = await brain('claude-code');
    const typo = await c.call('handover_suspend', { client: 'codx' });
    expect(typo.status).toBe('need_input');
    expect(typo.summary).toContain('client "codx" is not a known brain');
    expect((await cli('handover', 'suspend', '--client', 'cdx', '--notes', 'x')).code).toBe(2); // README: a --client that names no brain is a usage error
    expect((await c.call('handover_resume', { client: 'nobody' })).status).toBe('need_input');
    expect((await c.call('handover_list', {})).data.handovers).toEqual([]);
    // The field trial: an agent passed client "codex"; the snapshot is Codex's own brain id.
    const s = await c.call('handover_suspend', { client: 'codex', notes: 'for codex' });
    expect(s.data).toMatchObject({ source_brain: 'codex-mcp-client', target_brain: 'codex-mcp-client' });
    const viaCli = await cli('handover', 'resume', '--client', 'Codex', '--json');
    expect(JSON.parse(viaCli.stdout).data.handover_id).toBe(s.data.handover_id);
    const ids = (await c.call('handover_list_brains')).data.brains.map((b: any) => b.brain_id);
    expect(ids).toEqual(['claude-code']);
    await c.close();
  });

  it("a person's CLI suspend and resume need no client: their snapshots are the person's own", async () => {
    const s = await cli('handover', 'suspend', '--notes', 'parser half done', '--json');
    expect(s.code).toBe(0);
    expect(JSON.parse(s.stdout).data).toMatchObject({ source_brain: 'person', target_brain: 'person' });
    const r = await cli('handover', 'resume', '--json');
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).data.handover_id).toBe(JSON.parse(s.stdout).data.handover_id);
  });
});

describe('handovers retire', () => {
  it('accept records a receipt; a second brain is told who took it; the taker keeps it until it writes its own', async () => {
    const codex = await brain('codex-mcp-client');
    const gemini = await brain('gemini');
    const claude = await brain('claude-code');
    const t = await claude.call('handover_prepare', { issue_id: 2, notes: 'For anyone.' });
    clock.advance(60);
    const acc = await codex.call('handover_accept', { issue_id: 2 });
    expect(acc.status).toBe('ok');
    expect(acc.data).toMatchObject({
      handover_id: t.data.handover_id,
      accepted_by: 'codex-mcp-client',
      accepted_at: '2026-06-04T10:01:00.000Z',
    });
    const listed = (await claude.call('handover_list', { issue_id: 2 })).data.handovers[0];
    expect(listed.receipts).toEqual([{ kind: 'accepted', by: 'codex-mcp-client', at: '2026-06-04T10:01:00.000Z' }]);

    const second = await gemini.call('handover_accept', { issue_id: 2 });
    expect(second.status).toBe('need_input');
    expect(second.summary).toContain('codex-mcp-client');
    expect(second.data.taken).toEqual([
      { handover_id: t.data.handover_id, accepted_by: 'codex-mcp-client', accepted_at: '2026-06-04T10:01:00.000Z' },
    ]);
    const byId = await gemini.call('handover_accept', { handover_id: t.data.handover_id });
    expect(byId.error_code).toBe('conflict');
    expect(byId.data).toMatchObject({ accepted_by: 'codex-mcp-client' });

    const again = await codex.call('handover_resume', { issue_id: 2 });
    expect(again.data.handover_id).toBe(t.data.handover_id);
    clock.advance(60);
    const own = await codex.call('handover_suspend', { issue_id: 2, notes: 'My own now.' });
    const resumed = await codex.call('handover_resume', { issue_id: 2 });
    expect(resumed.data.handover_id).toBe(own.data.handover_id);
    await Promise.all([codex.close(), gemini.close(), claude.close()]);
  });

  it('a newer snapshot from the same source supersedes: a transfer retires its own earlier suspend', async () => {
    const codex = await brain('codex-mcp-client');
    const claude = await brain('claude-code');
    const s = await claude.call('handover_suspend', { issue_id: 2, notes: 'Halfway.' });
    clock.advance(60);
    const t = await claude.call('handover_transfer', { issue_id: 2, target_brain: 'codex-mcp-client', notes: 'Over to you.' });
    const mine = await claude.call('handover_resume', {});
    expect(mine.status).toBe('need_input');
    expect(await hook('claude-code')).not.toContain(s.data.handover_id);
    const list = (await claude.call('handover_list', { issue_id: 2 })).data;
    expect(list.count).toBe(2);
    expect(list.handovers[1]).toMatchObject({ handover_id: s.data.handover_id, superseded_by: t.data.handover_id });
    expect((await codex.call('handover_accept', {})).data.handover_id).toBe(t.data.handover_id);
    await Promise.all([codex.close(), claude.close()]);
  });

  it('a closed issue is not offered as work, by resume/accept or SessionStart (one line says so)', async () => {
    const codex = await brain('codex-mcp-client');
    const claude = await brain('claude-code');
    const id = (await claude.call('issue_create', { title: 'Parser', body: BODY })).data.issue.id;
    await claude.call('handover_transfer', { issue_id: id, target_brain: 'codex-mcp-client', notes: 'Over to you.' });
    expect(await hook('codex-mcp-client')).toContain('Over to you.');
    await claude.call('issue_close', { issue_id: id });
    const r = await codex.call('handover_accept', {});
    expect(r.status).toBe('need_input');
    expect(r.data.closed_issues).toEqual([id]);
    expect(r.summary).toContain(`#${id} is closed`);
    const out = await hook('codex-mcp-client');
    expect(out).not.toContain('Over to you.');
    expect(out.trim().split('\n')).toHaveLength(1);
    expect(out).toContain(`Issue #${id} is closed`);
    await Promise.all([codex.close(), claude.close()]);
  });

  it('finished work (issue closed, nothing unrecorded) says finished instead of take over', async () => {
    const c = await brain('claude-code');
    const id = (await c.call('issue_create', { title: 'Docs', body: '## Current state\nx\n\n## Next\ny\n\n## Blockers\nnone' })).data.issue
      .id;
    await c.call('issue_close', { issue_id: id });
    writeFileSync(path.join(root, '.gitignore'), 'session_logs/\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'all recorded');
    const r = await c.call('handover_suspend', { issue_id: id, notes: 'Done.' });
    expect(r.data.handoff_prompt).toMatch(/is finished/);
    expect(r.data.handoff_prompt).not.toMatch(/Take over/);
    await c.close();
  });

  it('butler handover retire ID takes a snapshot out of selection, records it, keeps the file', async () => {
    const c = await brain('claude-code');
    const s = await c.call('handover_suspend', { notes: 'Stale.' });
    const r = await cli('handover', 'retire', s.data.handover_id, '--reason', 'obsolete');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('Retired');
    expect(existsSync(path.join(root, s.data.snapshot_file))).toBe(true);
    expect((await c.call('handover_resume', {})).status).toBe('need_input');
    const row = (await c.call('handover_list', {})).data.handovers[0];
    expect(row.receipts).toEqual([expect.objectContaining({ kind: 'retired', by: 'person', reason: 'obsolete' })]);
    expect((await cli('handover', 'retire', 'project-20990101T000000Z-x')).code).toBe(1);
    expect((await cli('handover', 'retire', '../etc')).code).toBe(2);
    await c.close();
  });

  it('handover_accept is not annotated read-only (it records a receipt)', async () => {
    const c = await brain('claude-code');
    const { tools } = await c.client.listTools();
    expect(tools.find((t) => t.name === 'handover_accept')?.annotations?.readOnlyHint).toBe(false);
    await c.close();
  });
});

describe('open items carry forward', () => {
  it('BLOCKED / PENDING, RISKS and anchors carry until resolved:, and METADATA names parent and sequence', async () => {
    const c = await brain('claude-code');
    const first = await c.call('handover_suspend', {
      notes:
        'Start.\nblocked: staging DB credentials missing\nundecided: which cache\nrisk: flaky parser test\nanchor: README.md - entry point',
    });
    clock.advance(60);
    const second = await c.call('handover_suspend', { notes: 'More work.' });
    const m2 = md(second);
    expect(sectionBody(m2, 'BLOCKED / PENDING')).toEqual(['- [blocked] staging DB credentials missing', '- [undecided] which cache']);
    expect(sectionBody(m2, 'RISKS')).toContain('- flaky parser test');
    expect(sectionBody(m2, 'CODEBASE_ANCHORS')).toContain('- `README.md` — entry point');
    expect(m2).toContain(`- parent: ${first.data.handover_id}`);
    expect(m2).toContain('- seq: 2');
    expect(second.data).toMatchObject({ parent: first.data.handover_id, seq: 2 });
    expect(second.data.handoff_prompt).toContain('Blocked: staging DB credentials missing');
    clock.advance(60);
    const third = await c.call('handover_suspend', { notes: 'Unblocked.\nresolved: staging DB\nresolved: flaky parser' });
    const m3 = md(third);
    expect(sectionBody(m3, 'BLOCKED / PENDING')).toEqual(['- [undecided] which cache']);
    expect(sectionBody(m3, 'RISKS').join('\n')).not.toContain('flaky');
    expect(sectionBody(m3, 'CURRENT_STATE')).toContain('- Resolved: staging DB credentials missing');
    expect(m3).toContain('- seq: 3');
    await c.close();
  });
});

describe('decisions carry forward, across brains too', () => {
  it('a decision stays in DECISION after the target accepts and suspends, until resolved:', async () => {
    const codex = await brain('codex-mcp-client');
    const claude = await brain('claude-code');
    await claude.call('handover_transfer', {
      target_brain: 'codex-mcp-client',
      notes: 'Half done.\ndecision: count code points, not UTF-16 units.',
    });
    await claude.close();
    clock.advance(60);
    const acc = await codex.call('handover_accept', { source_brain: 'claude-code' });
    expect(acc.status, JSON.stringify(acc)).toBe('ok');
    clock.advance(60);
    const own = await codex.call('handover_suspend', { notes: 'Tests added.' });
    expect(sectionBody(md(own), 'DECISION')).toEqual(['- count code points, not UTF-16 units.']);
    expect(own.data.handoff_prompt).toContain('count code points, not UTF-16 units');
    clock.advance(60);
    const later = await codex.call('handover_suspend', { notes: 'Rethought.\nresolved: code points' });
    expect(sectionBody(md(later), 'DECISION').join('\n')).not.toContain('code points');
    await codex.close();
  });
});

describe('a prompt that is whole and carries what matters', () => {
  it('the summary ends at a sentence, the whole line stays in CURRENT_STATE, the issue text is labelled', async () => {
    const c = await brain('claude-code');
    const id = (await c.call('issue_create', { title: 'Parser', body: BODY })).data.issue.id;
    const line =
      'The lexer is rewritten and all its tests pass. The parser still uses the old token stream, which breaks on nested templates in the work tree. Next I meant to port it.';
    const r = await c.call('handover_suspend', { issue_id: id, notes: line });
    const prompt = r.data.handoff_prompt.split('\n');
    // One or two whole sentences within 160 characters: never cut mid-word ("…work tree"); the rest is pointed to.
    expect(prompt[0]).toBe(
      'The lexer is rewritten and all its tests pass. The parser still uses the old token stream, which breaks on nested templates in the work tree. (more: handover_read)',
    );
    const current = sectionBody(md(r), 'CURRENT_STATE');
    expect(current).toContain(`- Notes: ${line}`);
    const label = current.indexOf('- Issue text as filed (not the current state):');
    expect(label).toBeGreaterThan(current.indexOf(`- Notes: ${line}`));
    expect(current.slice(label + 1, label + 3)).toEqual(['  > ## Current state', '  > Filed long ago']);
    const long = await c.call('handover_suspend', { notes: `${'word '.repeat(60)}end` });
    expect(long.data.handoff_prompt.split('\n')[0]).toMatch(/^(word )+word… \(cut; the rest: handover_read\)$/);
    await c.close();
  });

  it('SessionStart carries six decisions verbatim and the blocker, within 2,000 characters', async () => {
    const codex = await brain('codex-mcp-client');
    const claude = await brain('claude-code');
    const six = [
      'Keep the public API of src/parser.ts unchanged; callers in three packages depend on it.',
      'Do not touch README.md: the user edits it by hand and reviews every change to it.',
      'Use zod for validation, not a hand-written checker, because the schema is shared with the server.',
      'Tests run against a real git repository with a bare remote, never a mock.',
      'Errors keep their error_code; the hint is in English and Japanese.',
      'The cache stays off by default until the benchmark shows a gain of at least 20 percent.',
    ];
    await claude.call('handover_transfer', {
      target_brain: 'codex-mcp-client',
      notes: `Half done.\n${six.map((d) => `decision: ${d}`).join('\n')}\nblocked: waiting for the API key`,
    });
    const out = await hook('codex-mcp-client');
    expect(out.length).toBeLessThanOrEqual(2001);
    for (const d of six) expect(out).toContain(d);
    expect(out).toContain(`(1) ${six[0]} (2) ${six[1]}`);
    expect(out).not.toMatch(/more in DECISION|more decision/);
    expect(out).toContain('Blocked: waiting for the API key');
    await Promise.all([codex.close(), claude.close()]);
  });

  it('when the decisions alone do not fit, every whole one that fits is shown, then how many more and which call shows them', async () => {
    const codex = await brain('codex-mcp-client');
    const claude = await brain('claude-code');
    const many = Array.from({ length: 30 }, (_, i) => `decision: choice ${i} because reason ${i} ${'x'.repeat(60)}`).join('\n');
    const t = await claude.call('handover_transfer', { target_brain: 'codex-mcp-client', notes: `Half done.\n${many}` });
    const out = await hook('codex-mcp-client');
    expect(out.length).toBeLessThanOrEqual(2001);
    const shown = [...out.matchAll(/\((\d+)\) choice (\d+) because reason \2 x{60}(?= \(|$)/gm)].map((m) => [Number(m[1]), Number(m[2])]);
    expect(shown.length).toBeGreaterThan(10);
    expect(shown).toEqual(Array.from({ length: shown.length }, (_, i) => [i + 1, i]));
    expect(out).toContain(`(${30 - shown.length} more decisions: handover_read(handover_id="${t.data.handover_id}"))`);
    expect(out).toContain(`handover_accept(handover_id="${t.data.handover_id}")`);
    await Promise.all([codex.close(), claude.close()]);
  });

  it('a resume right after a suspend reports no change: dirty anchors are compared with the snapshot, not with HEAD', async () => {
    const c = await brain('claude-code');
    writeFileSync(path.join(root, '.gitignore'), 'session_logs/\n');
    for (const f of ['a.ts', 'b.ts', 'c.ts']) writeFileSync(path.join(root, f), 'v1\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'three files');
    for (const f of ['a.ts', 'b.ts', 'c.ts']) writeFileSync(path.join(root, f), 'v2, not recorded\n');
    await c.call('handover_suspend', { notes: 'Editing three files.\nanchor: a.ts - one\nanchor: b.ts - two\nanchor: c.ts - three' });
    const r = await c.call('handover_resume', {});
    expect(r.data.drift.anchors_changed).toEqual([]);
    expect(r.data.drift.uncommitted).toBe(0);
    expect(r.data.drift.line).toBe('');
    writeFileSync(path.join(root, 'b.ts'), 'v3\n');
    const later = await c.call('handover_resume', {});
    expect(later.data.drift.anchors_changed).toEqual(['b.ts']);
    await c.close();
  });

  it('drift counts only what changed since the snapshot, not files already dirty then', async () => {
    const c = await brain('claude-code');
    writeFileSync(path.join(root, '.gitignore'), 'session_logs/\n');
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'ignore');
    writeFileSync(path.join(root, 'README.md'), '# edited before the suspend\n');
    await c.call('handover_suspend', { notes: 'Editing README.' });
    const r = await c.call('handover_resume', {});
    expect(r.data.drift.uncommitted).toBe(0);
    expect(r.summary).not.toMatch(/uncommitted/);
    writeFileSync(path.join(root, 'README.md'), '# edited again\n');
    writeFileSync(path.join(root, 'new.txt'), 'n');
    const later = await c.call('handover_resume', {});
    expect(later.data.drift.uncommitted).toBe(2);
    await c.close();
  });
});
