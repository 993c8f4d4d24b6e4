import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseNotes } from '../../src/handover/notes.js';
import { parseMetadata, renderSnapshot } from '../../src/handover/snapshot.js';
import { HandoverStore } from '../../src/handover/store.js';
import { missingSections, SECTIONS } from '../../src/handover/sections.js';

let writer: string;

beforeAll(async () => {
  writer = path.join(mkdtempSync(path.join(os.tmpdir(), 'butler-writer-')), 'writer.mjs');
  await build({
    entryPoints: ['test/handover/fixtures/writer.ts'],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: writer,
    logLevel: 'error',
  });
});

const tmpRoot = () => mkdtempSync(path.join(os.tmpdir(), 'butler-store-'));

async function appendOne(store: HandoverStore, brain: string, at: string, notes = 'n') {
  const createdAt = new Date(at);
  return store.append({ issueId: 49, createdAt, brain }, (id) =>
    renderSnapshot({
      meta: {
        project: 'p',
        issue_id: 49,
        issue_title: 'T',
        source_brain: brain,
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

function runWriter(root: string, brain: string, n: number): Promise<number> {
  return new Promise((resolve) =>
    spawn(process.execPath, [writer, root, brain, String(n)], { stdio: 'inherit' }).on('exit', (c) => resolve(c ?? 1)),
  );
}

describe('handover store', () => {
  it('two OS processes writing 20 snapshots each at the same moment: all 40 land and are listed', async () => {
    const root = tmpRoot();
    const codes = await Promise.all([runWriter(root, 'codex', 20), runWriter(root, 'claude-code', 20)]);
    expect(codes).toEqual([0, 0]);
    const entries = await new HandoverStore(root).entries();
    expect(entries).toHaveLength(40);
    expect(new Set(entries.map((e) => e.handover_id)).size).toBe(40);
    const files = readdirSync(path.join(root, 'session_logs/handover')).filter((f) => /_\d{8}T\d{6}Z_/.test(f));
    expect(files).toHaveLength(40);
    expect(entries.filter((e) => e.is_latest)).toHaveLength(1);
  }, 60_000);

  it('a collision inside one second gets a suffix, never an overwrite', async () => {
    const store = new HandoverStore(tmpRoot());
    const a = await appendOne(store, 'codex', '2026-06-04T10:00:00Z', 'first');
    const b = await appendOne(store, 'codex', '2026-06-04T10:00:00Z', 'second');
    expect(a.entry.handover_id).toBe('issue-49-20260604T100000Z-codex');
    expect(b.entry.handover_id).toBe('issue-49-20260604T100000Z-codex-2');
    expect(await store.readSnapshot(a.entry)).toContain('first');
    expect(await store.readSnapshot(b.entry)).toContain('second');
  });

  it('a corrupt index is rebuilt from the snapshots, losing nothing', async () => {
    const root = tmpRoot();
    const store = new HandoverStore(root);
    await appendOne(store, 'codex', '2026-06-04T10:00:00Z');
    await appendOne(store, 'claude-code', '2026-06-04T10:00:05Z');
    writeFileSync(path.join(root, 'session_logs/handover/index.json'), '{"handovers": [ broken');
    const entries = await new HandoverStore(root).entries();
    expect(entries.map((e) => e.source_brain)).toEqual(['claude-code', 'codex']);
    expect(entries[0]?.is_latest).toBe(true);
    expect(JSON.parse(readFileSync(path.join(root, 'session_logs/handover/index.json'), 'utf8')).handovers).toHaveLength(2);
  });

  it('a missing index is rebuilt, and a snapshot written by a crashed writer is picked up on the next write', async () => {
    const root = tmpRoot();
    const store = new HandoverStore(root);
    const a = await appendOne(store, 'codex', '2026-06-04T10:00:00Z');
    rmSync(path.join(root, 'session_logs/handover/index.json'));
    expect((await new HandoverStore(root).entries()).map((e) => e.handover_id)).toEqual([a.entry.handover_id]);
    // Simulate a crash after the snapshot file but before the index update.
    const orphan = (await store.readSnapshot(a.entry))!
      .replaceAll('20260604T100000Z-codex', '20260604T100009Z-codex')
      .replace('2026-06-04T10:00:00.000Z', '2026-06-04T10:00:09.000Z');
    writeFileSync(path.join(root, 'session_logs/handover/issue-49_20260604T100009Z_codex.md'), orphan);
    await appendOne(store, 'gemini', '2026-06-04T10:00:10Z');
    expect((await store.entries()).map((e) => e.handover_id)).toContain('issue-49-20260604T100009Z-codex');
  });

  it('the latest file is a copy of the newest snapshot of its scope', async () => {
    const root = tmpRoot();
    const store = new HandoverStore(root);
    await appendOne(store, 'codex', '2026-06-04T10:00:00Z', 'old');
    const b = await appendOne(store, 'codex', '2026-06-04T10:00:01Z', 'new');
    expect(readFileSync(path.join(root, b.latestFile), 'utf8')).toBe(await store.readSnapshot(b.entry));
  });
});

describe('snapshot format', () => {
  it('has all nine sections, reads its METADATA back, and rejects a typo as missing', () => {
    const { markdown } = renderSnapshot({
      meta: {
        project: 'p',
        issue_id: null,
        issue_title: null,
        source_brain: 'a',
        target_brain: 'any',
        mode: 'core',
        created_at: '2026-06-04T10:00:00Z',
        handover_id: 'project-20260604T100000Z-a',
        branch: 'main',
        head: 'abc1234',
        lang: 'ja',
        session_log: null,
        session_line: null,
        session_entry: null,
      },
      issue: null,
      issueError: null,
      work: null,
      notes: parseNotes('do x\nrisk: y'),
      session: null,
    });
    expect(missingSections(markdown)).toEqual([]);
    expect(parseMetadata(markdown)).toMatchObject({
      handover_id: 'project-20260604T100000Z-a',
      issue_id: null,
      head: 'abc1234',
      summary: 'do x',
    });
    expect(missingSections(markdown.replace('## HANDOFF_PROMPT', '## HANDIFF_PROMPT'))).toEqual(['HANDOFF_PROMPT']);
    expect(SECTIONS).toHaveLength(9);
    expect(markdown).toContain('## RISKS\n> 注意点や壊しやすい箇所\n\n- y');
    expect(markdown).toMatch(/## DECISION\n.*\n\n- なし/);
  });

  it('files tagged notes into their sections with the D4 status labels, in ja and en', () => {
    const notes = parseNotes(
      'Summary line\ndecision: use zod\n次: テストを書く\nblocked: API key\npending: naming\nquestion: colour\nprovisional: cache\nadopted: TS\nanchor: src/a.ts - entry point',
    );
    const base = {
      project: 'p',
      issue_id: 1,
      issue_title: 't',
      source_brain: 'a',
      target_brain: 'b',
      mode: 'core' as const,
      created_at: '2026-06-04T10:00:00Z',
      handover_id: 'issue-1-20260604T100000Z-a',
      branch: null,
      head: null,
      session_log: null,
      session_line: null,
      session_entry: null,
    };
    const ja = renderSnapshot({ meta: { ...base, lang: 'ja' }, issue: null, issueError: null, work: null, notes, session: null }).markdown;
    for (const label of ['[ブロック] API key', '[ユーザー待ち] naming', '[未確定] colour', '[暫定] cache', '[推奨採用] TS'])
      expect(ja).toContain(label);
    expect(ja).toContain('1. テストを書く');
    expect(ja).toContain('- `src/a.ts` — entry point');
    const en = renderSnapshot({ meta: { ...base, lang: 'en' }, issue: null, issueError: null, work: null, notes, session: null }).markdown;
    for (const label of ['[blocked] API key', '[waiting on the user] naming', '[undecided] colour', '[provisional] cache', '[adopted] TS'])
      expect(en).toContain(label);
  });

  it('never exceeds 300 lines, with HANDOFF_PROMPT of 3 to 8 lines', () => {
    const notes = parseNotes(Array.from({ length: 500 }, (_, i) => `discovery: fact ${i}`).join('\n'));
    const { markdown, prompt } = renderSnapshot({
      meta: {
        project: 'p',
        issue_id: null,
        issue_title: null,
        source_brain: 'a',
        target_brain: 'any',
        mode: 'core',
        created_at: '2026-06-04T10:00:00Z',
        handover_id: 'project-20260604T100000Z-a',
        branch: null,
        head: null,
        lang: 'en',
        session_log: null,
        session_line: null,
        session_entry: null,
      },
      issue: null,
      issueError: null,
      work: null,
      notes,
      session: null,
    });
    expect(markdown.split('\n').length).toBeLessThanOrEqual(300);
    expect(missingSections(markdown)).toEqual([]);
    expect(markdown).toContain('more omitted');
    expect(prompt.length).toBeGreaterThanOrEqual(3);
    expect(prompt.length).toBeLessThanOrEqual(8);
  });
});

describe('snapshot worst case', () => {
  it('every section at its cap still fits 300 lines with all sections present', () => {
    const many = (tag: string, n: number) => Array.from({ length: n }, (_, i) => `${tag}${i}`).join('\n');
    const notes = parseNotes(
      [
        many('free ', 100),
        many('discovery: d', 200),
        many('decision: x', 100),
        many('next: n', 100),
        many('blocked: b', 100),
        many('risk: r', 100),
        many('anchor: f', 100),
      ].join('\n'),
    );
    const { markdown } = renderSnapshot({
      meta: {
        project: 'p',
        issue_id: 1,
        issue_title: 't',
        source_brain: 'a',
        target_brain: 'any',
        mode: 'core',
        created_at: '2026-06-04T10:00:00Z',
        handover_id: 'issue-1-20260604T100000Z-a',
        branch: 'b',
        head: 'h',
        lang: 'en',
        session_log: null,
        session_line: null,
        session_entry: null,
      },
      issue: { title: 't', body: many('body ', 100), state: 'open' },
      issueError: 'x',
      work: {
        work_state: 'dirty',
        dirty_count: 100,
        dirty_files: many('f', 100).split('\n'),
        unpublished_count: 3,
        required_action: { tool: 'work_record' },
      },
      notes,
      session: { discovery: many('- s', 200).split('\n'), risks: many('e', 100).split('\n'), anchors: [] },
      carried: {
        decisions: many('d', 50).split('\n'),
        pending: many('[blocked] c', 50).split('\n'),
        risks: many('c', 50).split('\n'),
        anchors: [],
        next: [],
        resolved: many('r', 50).split('\n'),
        replaced: many('x', 30)
          .split('\n')
          .map((old) => ({ old, by: `${old} now` })),
        not_replaced: [],
        not_resolved: [],
      },
    });
    expect(markdown.split('\n').length).toBeLessThanOrEqual(300);
    expect(missingSections(markdown)).toEqual([]);
  });
});

describe('index hardening', () => {
  it('an index with a damaged row counts as corrupt and is rebuilt', async () => {
    const root = tmpRoot();
    const store = new HandoverStore(root);
    await appendOne(store, 'codex', '2026-06-04T10:00:00Z');
    writeFileSync(path.join(root, 'session_logs/handover/index.json'), '{"version":1,"handovers":[null,{}]}');
    const entries = await new HandoverStore(root).entries();
    expect(entries.map((e) => e.source_brain)).toEqual(['codex']);
  });

  it('an index pointing outside session_logs/handover/ never makes a file readable', async () => {
    const root = tmpRoot();
    const store = new HandoverStore(root);
    const a = await appendOne(store, 'codex', '2026-06-04T10:00:00Z');
    writeFileSync(path.join(root, 'secret.md'), 'secret');
    for (const bad of [
      '../secret.md',
      'session_logs/handover/../../secret.md',
      '/etc/passwd',
      'secret.md',
      'session_logs/handover/index.json',
    ]) {
      expect(await store.readSnapshot({ ...a.entry, snapshot_file: bad })).toBeNull();
    }
    expect(await store.readSnapshot(a.entry)).toContain('## HANDOFF_PROMPT');
  });
});
