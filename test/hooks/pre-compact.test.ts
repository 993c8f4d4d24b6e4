import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { parseMetadata } from '../../src/handover/snapshot.js';
import { HandoverStore } from '../../src/handover/store.js';
import { preCompact } from '../../src/hooks/pre-compact.js';
import { makeRepo, isolatedGitEnv } from '../helpers/repo.js';
import { appendClaudeRequest, placeTranscript, preCompactInput, tempHome } from './auto-helpers.js';

let root: string;
let home: string;
let env: Record<string, string>;

beforeEach(() => {
  root = makeRepo().root;
  home = tempHome();
  env = isolatedGitEnv({ HOME: home, BUTLER_LANG: 'en' });
});

async function snapshots() {
  const store = new HandoverStore(root);
  const entries = await store.entries();
  return Promise.all(entries.map(async (e) => ({ e, md: (await store.readSnapshot(e)) ?? '' })));
}

describe('PreCompact hook', () => {
  it('Claude Code: writes a mode:auto snapshot from the transcript, attributed to the installed brain', async () => {
    const t = placeTranscript(home, root, 'claude', 'c-1');
    appendClaudeRequest(t, 'deploy with token ghp_abcdefghijklmnopqrstuvwxyz0123456789', 1);
    expect(await preCompact(preCompactInput('claude', root, t), { brain: 'claude-code', env })).toBe('');
    const [s, ...rest] = await snapshots();
    expect(rest).toHaveLength(0);
    const meta = parseMetadata(s!.md)!;
    expect(meta).toMatchObject({
      mode: 'auto',
      trigger: 'precompact',
      source_brain: 'claude-code',
      target_brain: 'claude-code',
      touched: 2,
    });
    expect(s!.e).toMatchObject({ mode: 'auto', trigger: 'precompact', touched: 2 });
    expect(s!.md).toMatch(/- Edited: `greet\.txt`.*\(L\d+/);
    expect(s!.md).toMatch(/- Failed: .*ls does-not-exist/);
    expect(s!.md).toContain('Automatic checkpoint (just before the context was compacted)');
    // Redacted like any snapshot: the token never reaches the store.
    expect(s!.md).not.toContain('ghp_abcdefghijklmnopqrstuvwxyz0123456789');
    expect(s!.md).toContain('[REDACTED');
    expect(meta.session_log).toBe(t);
  });

  it('Codex: the same from a rollout, for codex-mcp-client', async () => {
    const t = placeTranscript(home, root, 'codex', '01a2368e');
    await preCompact(preCompactInput('codex', root, t), { brain: 'codex-mcp-client', env });
    const [s] = await snapshots();
    expect(parseMetadata(s!.md)).toMatchObject({ mode: 'auto', trigger: 'precompact', source_brain: 'codex-mcp-client' });
    expect(s!.md).toMatch(/- Edited: `greet\.txt`/);
    expect(s!.md).toMatch(/- Failed: .*ls does-not-exist/);
  });

  it('writes nothing when nothing happened since the last mark, and reads only the new tail next time', async () => {
    const t = placeTranscript(home, root, 'claude', 'c-2');
    const input = preCompactInput('claude', root, t);
    await preCompact(input, { brain: 'claude-code', env });
    await preCompact(input, { brain: 'claude-code', env });
    expect(await snapshots()).toHaveLength(1);
    appendClaudeRequest(t, 'now the second part', 2);
    await preCompact(input, { brain: 'claude-code', env });
    const all = await snapshots();
    expect(all).toHaveLength(2);
    const newest = all[0]!.md;
    expect(newest).toContain('Request: now the second part');
    // The tail before the mark is not read again; the user's request from it is carried from the first checkpoint.
    expect(newest).not.toMatch(/- Edited: `greet\.txt`/);
    expect(newest).toContain(
      `- Request: Add greet.txt, append a line to notes.txt, list the notes, check the repo state and start a Butler session. (${all[1]!.e.handover_id}, L3 `,
    );
    expect(newest).toMatch(/since the last mark/);
  });

  it('stays silent and writes nothing for input it cannot use', async () => {
    const t = placeTranscript(home, root, 'claude', 'c-3');
    for (const bad of [
      '',
      'not json',
      '{}',
      JSON.stringify({ cwd: root }),
      JSON.stringify({ cwd: root, transcript_path: '/etc/passwd' }),
    ]) {
      expect(await preCompact(bad, { brain: 'claude-code', env })).toBe('');
    }
    expect(await preCompact(preCompactInput('claude', '/', t), { brain: 'claude-code', env })).toBe('');
    expect(await snapshots()).toHaveLength(0);
    expect(readFileSync(t, 'utf8')).toContain(path.basename(root));
  });
});

describe('PreCompact without a transcript_path (Codex sends null for some threads)', () => {
  it('finds the rollout by session id under $HOME/.codex/sessions/YYYY/MM/DD/ and nowhere else', async () => {
    // The rollout is named after the session id of the captured input.
    const sessionId = JSON.parse(preCompactInput('codex', root, '')).session_id as string;
    const t = placeTranscript(home, root, 'codex', sessionId);
    const input = JSON.parse(preCompactInput('codex', root, t));
    await preCompact(JSON.stringify({ ...input, session_id: '../../*', transcript_path: null }), { brain: 'codex-mcp-client', env });
    expect(await snapshots()).toHaveLength(0);
    await preCompact(JSON.stringify({ ...input, transcript_path: null }), { brain: 'codex-mcp-client', env });
    const [s] = await snapshots();
    expect(parseMetadata(s!.md)?.session_log).toBe(t);
  });

  it("finds Claude Code's transcript under $CLAUDE_CONFIG_DIR/projects/<slug>/", async () => {
    const claudeHome = tempHome();
    const t = placeTranscript(claudeHome, root, 'claude', '10c87ca1-bff9-4ab8-8590-91545f89813e');
    const input = { ...JSON.parse(preCompactInput('claude', root, t)), transcript_path: undefined };
    await preCompact(JSON.stringify(input), { brain: 'claude-code', env: { ...env, CLAUDE_CONFIG_DIR: `${claudeHome}/.claude` } });
    const [s] = await snapshots();
    expect(parseMetadata(s!.md)?.session_log).toBe(t);
  });
});
