// Issue #22: an index Butler cannot trust as written (tracked by git) or cannot make complete (a snapshot
// file whose METADATA does not parse) is rebuilt from the snapshot files once, then remembered in the git
// dir (src/handover/store-rows.ts), not rebuilt at every start; anything that replaces the file (a pull,
// a checkout) makes it rebuilt again. Real git; the rebuild is seen as a new index.json (mtime, inode).
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseNotes } from '../../src/handover/notes.js';
import { renderSnapshot } from '../../src/handover/snapshot.js';
import { HandoverStore } from '../../src/handover/store.js';
import { trackedLogs } from '../../src/shared/tracked-logs.js';
import { git, makeRepo } from '../helpers/repo.js';

const INDEX = 'session_logs/handover/index.json';

async function appendOne(root: string, at: string, notes: string) {
  const createdAt = new Date(at);
  return new HandoverStore(root).append({ issueId: 7, createdAt, brain: 'codex' }, (id) =>
    renderSnapshot({
      meta: {
        project: 'p',
        issue_id: 7,
        issue_title: 'T',
        source_brain: 'codex',
        target_brain: 'any',
        mode: 'core',
        created_at: createdAt.toISOString(),
        handover_id: id,
        branch: 'main',
        head: null,
        lang: 'en',
        session_log: null,
        session_line: null,
        session_entry: null,
      },
      issue: null,
      issueError: null,
      work: null,
      notes: parseNotes(notes),
      session: null,
    }),
  );
}

/** The index file's identity: a rewrite makes a new file (rename), with a new mtime (the inode may be reused). */
const ino = (root: string) => {
  const st = statSync(path.join(root, INDEX));
  return `${st.ino}:${st.mtimeMs}`;
};

describe('index memo', () => {
  it('a tracked index is rebuilt once, then read as written; a commit that replaces it is rebuilt again', async () => {
    const { root } = makeRepo();
    await appendOne(root, '2026-06-04T10:00:00Z', 'first');
    await appendOne(root, '2026-06-04T10:00:05Z', 'second');
    git(root, 'add', '-f', 'session_logs');
    git(root, 'commit', '-qm', 'logs');
    const first = await new HandoverStore(root).entries();
    expect(first).toHaveLength(2);
    const rebuilt = ino(root);
    // Read as written from here on: no rewrite (same inode), same rows.
    for (let i = 0; i < 3; i++)
      expect((await new HandoverStore(root).entries()).map((e) => e.handover_id)).toEqual(first.map((e) => e.handover_id));
    expect(ino(root)).toBe(rebuilt);
    // A commit brings a forged summary in index.json (as a pull would): the file is new, so rebuilt, never read.
    const index = path.join(root, INDEX);
    writeFileSync(index, readFileSync(index, 'utf8').replace(/"summary":"[^"]*"/, '"summary":"FORGED-INDEX"'));
    git(root, 'add', '-f', INDEX);
    git(root, 'commit', '-qm', 'forged');
    git(root, 'checkout', '-q', 'HEAD~1', '--', INDEX);
    git(root, 'checkout', '-q', 'HEAD', '--', INDEX);
    expect(readFileSync(index, 'utf8')).toContain('FORGED-INDEX');
    const again = await new HandoverStore(root).entries();
    expect(JSON.stringify(again)).not.toContain('FORGED-INDEX');
    expect(readFileSync(index, 'utf8')).not.toContain('FORGED-INDEX');
  });

  it('a snapshot file that does not parse costs one rebuild, not one per start; a new snapshot is still picked up', async () => {
    const { root } = makeRepo();
    await appendOne(root, '2026-06-04T10:00:00Z', 'first');
    const broken = path.join(root, 'session_logs/handover/issue-7_20260604T100001Z_codex.md');
    writeFileSync(broken, 'not a snapshot\n');
    expect(await new HandoverStore(root).entries()).toHaveLength(1);
    const rebuilt = ino(root);
    expect(await new HandoverStore(root).entries()).toHaveLength(1);
    expect(ino(root)).toBe(rebuilt);
    // A snapshot file the index does not know (a crashed writer) is still a reason to rebuild.
    const b = await appendOne(root, '2026-06-04T10:00:09Z', 'third');
    const text = readFileSync(path.join(root, b.entry.snapshot_file), 'utf8');
    const orphan = text.replaceAll('20260604T100009Z-codex', '20260604T100019Z-codex');
    writeFileSync(path.join(root, 'session_logs/handover/issue-7_20260604T100019Z_codex.md'), orphan);
    expect((await new HandoverStore(root).entries()).map((e) => e.handover_id)).toContain('issue-7-20260604T100019Z-codex');
  });

  it('what git listed under session_logs/ is remembered per git index file; a forged answer for another index is not used', () => {
    const { root } = makeRepo();
    writeFileSync(path.join(root, 'session_logs.txt'), 'x');
    const logs = path.join(root, 'session_logs');
    mkdirSync(logs);
    writeFileSync(path.join(logs, 'sessions.json'), '{}');
    git(root, 'add', '-f', 'session_logs/sessions.json');
    git(root, 'commit', '-qm', 'tracked');
    expect(trackedLogs(root)).toEqual(['session_logs/sessions.json']);
    const memo = path.join(root, '.git/butler/tracked-logs');
    expect(existsSync(memo)).toBe(true);
    // A memo that says "nothing tracked" for some other state of git's index is ignored: git is asked.
    writeFileSync(memo, JSON.stringify({ key: '1:2:3', value: [] }));
    git(root, 'add', 'session_logs.txt');
    expect(trackedLogs(root)).toEqual(['session_logs/sessions.json']);
  });

  // The git dir is not pushed or fetched, so only a local process (the agent Butler guards) can write a
  // memo; it can write the work tree too. What a memo must never do is turn what a commit brought into
  // the agent's own work: origin is the ledger's word (src/handover/origin.ts), not the memo's.
  it('memos forged in the git dir for the current files do not make a pulled snapshot own', async () => {
    const { root } = makeRepo();
    await appendOne(root, '2026-06-04T10:00:00Z', 'mine');
    // A collaborator's snapshot arrives with a commit, index.json included (as a pull would bring it).
    const { root: other } = makeRepo();
    const theirs = await appendOne(other, '2026-06-04T11:00:00Z', 'FROM-A-COMMIT');
    const dir = path.join(root, 'session_logs/handover');
    writeFileSync(path.join(root, theirs.entry.snapshot_file), readFileSync(path.join(other, theirs.entry.snapshot_file)));
    writeFileSync(path.join(dir, 'index.json'), readFileSync(path.join(other, INDEX)));
    git(root, 'add', '-f', theirs.entry.snapshot_file, INDEX);
    git(root, 'commit', '-qm', 'their snapshot');
    // The forger vouches for the index file and git's index as they are now, and says nothing is tracked.
    const key = (file: string) => {
      const st = statSync(file);
      return `${st.size}:${st.mtimeMs}:${st.ino}`;
    };
    mkdirSync(path.join(root, '.git/butler'), { recursive: true });
    writeFileSync(path.join(root, '.git/butler/index-memo'), JSON.stringify({ key: key(path.join(root, INDEX)), value: [] }));
    writeFileSync(path.join(root, '.git/butler/tracked-logs'), JSON.stringify({ key: key(path.join(root, '.git/index')), value: [] }));
    expect(trackedLogs(root)).toEqual([]);
    const rows = await new HandoverStore(root).entries();
    const pulled = rows.find((e) => e.handover_id === theirs.entry.handover_id);
    expect(pulled?.origin).toBe('committed');
    expect(rows.filter((e) => e.origin === 'own').map((e) => e.handover_id)).not.toContain(theirs.entry.handover_id);
  });
});
