// The take-in checks of shared snapshots and receipts (README, security model: "Taking in is bounded
// and checked"; src/handover/share.ts importFrom, checkedRow, parseReceipt), one rule per forged file,
// with real git: an attacker's clone pushes them to refs/butler/handover, the victim fetches and takes
// in. The expected ids and receipts are written out here (issue #27).
import { describe, expect, it } from 'vitest';
import { importFrom } from '../../src/handover/share.js';
import { fetchShared } from '../../src/handover/share-git.js';
import { HandoverStore } from '../../src/handover/store.js';
import { hostGit } from '../helpers/git.js';
import { attacker, forged, push } from '../helpers/hostile.js';
import { makeRepo } from '../helpers/repo.js';

const NOW = new Date('2026-06-04T12:00:00Z');
const opts = (root: string) => ({ git: hostGit, root, timeoutMs: 20_000 });

type Forged = ReturnType<typeof forged>;
/** A forged snapshot with one METADATA line changed, added or a different file name. */
const edit = (f: Forged, o: { set?: Record<string, string>; add?: string[]; name?: string }): Forged => {
  let md = f.md;
  for (const [k, v] of Object.entries(o.set ?? {})) md = md.replace(new RegExp(`^- ${k}: .*$`, 'm'), `- ${k}: ${v}`);
  if (o.add) md = md.replace('- lang: en\n', `- lang: en\n${o.add.join('\n')}\n`);
  return { id: f.id, name: o.name ?? f.name, md };
};

async function takeIn(files: { path: string; text: string }[]) {
  const { root: victim, remote } = makeRepo({ withRemote: true });
  await push(attacker(remote!), files);
  const store = new HandoverStore(victim);
  const tip = await fetchShared(opts(victim));
  expect(tip).not.toBeNull();
  await importFrom({ root: victim, store, git: hostGit, now: () => NOW, redact: (t: string) => t }, tip!);
  return store;
}

const snap = (f: Forged) => ({ path: `snapshots/${f.name}`, text: f.md });

describe('taking in shared snapshots', () => {
  it('takes in exactly the snapshots whose name, id, brains, scope and date agree, and none dated ahead', async () => {
    const at = (hms: string) => `2026-06-04T${hms}Z`;
    const good = forged({ brain: 'claude-code', target: 'codex-mcp-client', at: at('10:00:00') });
    const issue = forged({ brain: 'codex-mcp-client', target: 'any', at: at('10:01:00'), issue: 7 });
    const numbered = edit(forged({ brain: 'claude-code-2', target: 'claude-code', at: at('10:02:00') }), {
      set: { source_brain: 'claude-code' },
    });
    const skew = forged({ brain: 'claude-code', target: 'claude-code', at: at('12:04:59') });
    const edge = forged({ brain: 'claude-code', target: 'claude-code', at: at('12:05:00') });
    const refused = [
      // the brain in the name is not the one in METADATA, nor a numbered one of it
      edit(forged({ brain: 'codex-mcp-client', target: 'claude-code', at: at('09:00:00') }), { set: { source_brain: 'claude-code' } }),
      edit(forged({ brain: 'claude-code-1234', target: 'claude-code', at: at('09:01:00') }), { set: { source_brain: 'claude-code' } }),
      // a source brain that is a pattern: "claude.code" would match the name's "claude-code-1"
      edit(forged({ brain: 'claude-code-1', target: 'claude-code', at: at('09:02:00') }), { set: { source_brain: 'claude.code' } }),
      // a target brain that is not a brain id
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('09:03:00') }), { set: { target_brain: 'codex cli' } }),
      // dates: not a date, another second than the name, ahead of the clock beyond the skew
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('09:04:00') }), { set: { created_at: 'soon' } }),
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('09:05:00') }), { set: { created_at: at('09:05:01') } }),
      forged({ brain: 'claude-code', target: 'claude-code', at: at('12:05:01') }),
      // the name's second is at the skew's edge, but the date itself half a second past it
      edit(forged({ brain: 'codex-mcp-client', target: 'claude-code', at: at('12:05:00') }), {
        set: { created_at: '2026-06-04T12:05:00.500Z' },
      }),
      // scope: an issue in METADATA under a project name, none under an issue name, another issue
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('09:06:00'), issue: 7 }), {
        name: 'project_20260604T090600Z_claude-code.md',
      }),
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('09:07:00') }), {
        name: 'issue-7_20260604T090700Z_claude-code.md',
      }),
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('09:08:00'), issue: 7 }), {
        name: 'issue-8_20260604T090800Z_claude-code.md',
      }),
      // the same, with the id in METADATA agreeing with the name: only the issue line disagrees
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('08:06:00') }), { set: { issue: '7' } }),
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('08:07:00'), issue: 7 }), { set: { issue: 'none' } }),
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('08:08:00'), issue: 7 }), { set: { issue: '8' } }),
      // METADATA names another id than the file
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: at('09:09:00') }), {
        set: { handover_id: 'project-20260604T100000Z-claude-code' },
      }),
      // truncated: no sections
      {
        ...forged({ brain: 'claude-code', target: 'claude-code', at: at('09:10:00') }),
        md: '# Handover\n\n## METADATA\n- handover_id: x\n',
      },
      // over 64 KB
      forged({ brain: 'claude-code', target: 'claude-code', at: at('09:11:00'), pad: 'x'.repeat(65 * 1024) }),
    ];
    const store = await takeIn([
      ...[good, issue, numbered, skew, edge, ...refused].map(snap),
      // not under snapshots/, or not a snapshot's name
      { path: `elsewhere/${forged({ brain: 'claude-code', target: 'claude-code', at: at('09:12:00') }).name}`, text: good.md },
      { path: 'snapshots/sub/project_20260604T091300Z_claude-code.md', text: good.md },
      { path: 'snapshots/project_20260604T091400Z_claude-code.txt', text: good.md },
    ]);
    const rows = await store.entries();
    expect(rows.map((e) => e.handover_id).sort()).toEqual([
      'issue-7-20260604T100100Z-codex-mcp-client',
      'project-20260604T100000Z-claude-code',
      'project-20260604T100200Z-claude-code-2',
      'project-20260604T120459Z-claude-code',
      'project-20260604T120500Z-claude-code',
    ]);
    const byId = new Map(rows.map((e) => [e.handover_id, e]));
    expect(byId.get('issue-7-20260604T100100Z-codex-mcp-client')).toMatchObject({
      issue_id: 7,
      source_brain: 'codex-mcp-client',
      target_brain: 'any',
      origin: 'shared',
      author: 'Mallory <mallory@evil.example>',
      snapshot_file: 'session_logs/handover/issue-7_20260604T100100Z_codex-mcp-client.md',
    });
    expect(byId.get('project-20260604T100200Z-claude-code-2')).toMatchObject({ source_brain: 'claude-code', issue_id: null });
  });

  it('bounds and cleans the words of a row; another machine’s transcript and a malformed head are dropped', async () => {
    const f = edit(forged({ brain: 'claude-code', target: 'claude-code', at: '2026-06-04T10:00:00Z' }), {
      set: { summary: `\x1b[2J${'s'.repeat(400)}` },
      add: [
        `- issue_title: t\x07${'t'.repeat(250)}`,
        `- branch: b\x1b]0;x\x07${'b'.repeat(250)}`,
        '- head: 0123abc',
        '- session_log: /home/someone/.claude/projects/x.jsonl',
        '- session_line: 12',
      ],
    });
    const bad = edit(forged({ brain: 'claude-code', target: 'claude-code', at: '2026-06-04T10:01:00Z' }), {
      add: ['- head: not-a-sha', '- branch: none', '- issue_title: none'],
    });
    const heads = ['zz0123abc', '0123abczz'].map((head, i) =>
      edit(forged({ brain: 'claude-code', target: 'claude-code', at: `2026-06-04T10:0${i + 2}:00Z` }), { add: [`- head: ${head}`] }),
    );
    const rows = await (await takeIn([snap(f), snap(bad), ...heads.map(snap)])).entries();
    expect(heads.map((h) => rows.find((e) => e.handover_id === h.id)?.head)).toEqual([null, null]);
    const row = rows.find((e) => e.handover_id === f.id)!;
    expect(row.summary).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(row.summary.length).toBe(300);
    expect(row.summary.endsWith('s'.repeat(250))).toBe(true);
    expect(row.issue_title).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(row.issue_title?.length).toBe(200);
    expect(row.branch).not.toMatch(/[\x00-\x1f\x7f]/);
    expect(row.branch?.length).toBe(200);
    expect(row.head).toBe('0123abc');
    expect([row.session_log, row.session_line, row.session_entry]).toEqual([null, null, null]);
    const other = rows.find((e) => e.handover_id === bad.id)!;
    expect([other.head, other.branch, other.issue_title]).toEqual([null, null, null]);
  });

  it('looks only at the newest 50 names on the ref, never at one dated ahead', async () => {
    const names = Array.from({ length: 52 }, (_, i) =>
      forged({
        brain: 'claude-code',
        target: 'claude-code',
        at: `2026-06-03T${String(Math.floor(i / 60) + 10).padStart(2, '0')}:${String(i % 60).padStart(2, '0')}:00Z`,
      }),
    );
    // A far-future name must not take one of the 50 places.
    const ahead = forged({ brain: 'claude-code', target: 'claude-code', at: '2030-01-01T00:00:00Z' });
    const rows = await (await takeIn([...names, ahead].map(snap))).entries();
    const ids = rows.map((e) => e.handover_id).sort();
    expect(ids).toHaveLength(50);
    expect(ids[0]).toBe('project-20260603T100200Z-claude-code');
    expect(ids.at(-1)).toBe('project-20260603T105100Z-claude-code');
  });
});

describe('taking in shared receipts', () => {
  it('keeps exactly the well-formed receipts of snapshots on the ref', async () => {
    const f = forged({ brain: 'claude-code', target: 'codex-mcp-client', at: '2026-06-04T10:00:00Z' });
    const r = (name: string, body: unknown) => ({ path: `receipts/${f.id}/${name}.json`, text: JSON.stringify(body) });
    const at = '2026-06-04T10:05:00Z';
    const store = await takeIn([
      snap(f),
      r('ok-1', { kind: 'accepted', by: 'codex-mcp-client', at, clone: 'ab12' }),
      r('ok-2', { kind: 'retired', by: 'a b/c', at, reason: 'done' }),
      r('ok-3', { kind: 'accepted', by: 'b'.repeat(64), at, clone: 'a'.repeat(40) }),
      r('bad-kind', { kind: 'owned', by: 'x', at }),
      r('bad-by-list', { kind: 'accepted', by: ['x'], at }),
      r('bad-clone-tail', { kind: 'accepted', by: 'x', at, clone: 'ab12zz' }),
      r('bad-clone-head', { kind: 'accepted', by: 'x', at, clone: 'zzab12' }),
      r('bad-by-empty', { kind: 'accepted', by: '', at }),
      r('bad-by-long', { kind: 'accepted', by: 'b'.repeat(65), at }),
      r('bad-by-type', { kind: 'accepted', by: 7, at }),
      r('bad-at', { kind: 'accepted', by: 'x', at: 'yesterday' }),
      r('bad-at-long', { kind: 'accepted', by: 'x', at: `${at}${' '.repeat(30)}` }),
      r('bad-clone', { kind: 'accepted', by: 'x', at, clone: 'XYZ' }),
      r('bad-clone-long', { kind: 'accepted', by: 'x', at, clone: 'a'.repeat(41) }),
      r('bad-reason', { kind: 'retired', by: 'x', at, reason: 'r'.repeat(501) }),
      r('bad-reason-empty', { kind: 'retired', by: 'x', at, reason: '' }),
      { path: `receipts/${f.id}/not-json.json`, text: '{' },
      { path: `receipts/${f.id}/other.txt`, text: JSON.stringify({ kind: 'accepted', by: 'x', at }) },
      { path: 'receipts/project-20260604T110000Z-claude-code/ok.json', text: JSON.stringify({ kind: 'accepted', by: 'x', at }) },
    ]);
    const [row] = await store.entries();
    expect(row?.handover_id).toBe(f.id);
    expect([...(row?.receipts ?? [])].sort((a, b) => a.kind.localeCompare(b.kind) || a.by.localeCompare(b.by))).toEqual([
      { kind: 'accepted', by: 'b'.repeat(64), at, clone: 'a'.repeat(40) },
      { kind: 'accepted', by: 'codex-mcp-client', at, clone: 'ab12' },
      { kind: 'retired', by: 'a_b_c', at, reason: 'done' },
    ]);
  });
});
