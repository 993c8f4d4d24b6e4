import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const SKILLS_DIR = path.resolve(import.meta.dirname, '../../skills');
const NAMES = ['butler', 'handover-accept', 'handover-resume', 'handover-suspend', 'handover-transfer'];
const LIFECYCLE = {
  'handover-suspend': 'handover_suspend',
  'handover-resume': 'handover_resume',
  'handover-transfer': 'handover_transfer',
  'handover-accept': 'handover_accept',
};

function load(name: string) {
  const text = readFileSync(path.join(SKILLS_DIR, name, 'SKILL.md'), 'utf8');
  const m = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(text);
  if (!m) throw new Error(`${name}: no frontmatter`);
  return { text, meta: parse(m[1]!) as Record<string, unknown>, body: m[2]! };
}

describe('skills/*/SKILL.md', () => {
  it('are exactly the five contract skills', () => {
    expect(readdirSync(SKILLS_DIR).sort()).toEqual(NAMES);
  });

  it.each(NAMES)('%s: valid Agent Skills frontmatter (name = folder, description 1-1024 chars)', (name) => {
    const { meta } = load(name);
    expect(meta.name).toBe(name);
    expect(name).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
    expect(name.length).toBeLessThanOrEqual(64);
    expect(typeof meta.description).toBe('string');
    expect((meta.description as string).length).toBeGreaterThan(0);
    expect((meta.description as string).length).toBeLessThanOrEqual(1024);
  });

  it('the five descriptions together stay within 1,600 characters (clients always load them)', () => {
    const total = NAMES.reduce((n, name) => n + (load(name).meta.description as string).length, 0);
    expect(total).toBeLessThanOrEqual(1600);
  });

  it.each(NAMES)('%s: stays small (< 2,500 bytes)', (name) => {
    expect(Buffer.byteLength(load(name).text)).toBeLessThan(2500);
  });

  it.each(Object.entries(LIFECYCLE))('%s: Japanese and English triggers, the tool call, result handling, CLI fallback', (name, tool) => {
    const { meta, body } = load(name);
    expect(meta.description as string).toMatch(/[「」]/);
    expect(meta.description as string).toContain(tool);
    expect(body).toMatch(/[ぁ-んァ-ン]/);
    expect(body).toContain(`${tool}(`);
    expect(body).toContain('work_session_start');
    expect(body).toContain('required_action');
    expect(body).toContain('need_input');
    expect(body).toMatch(/butler\.mjs handover /);
    if (name === 'handover-resume' || name === 'handover-accept') expect(body).toContain('candidate_handovers');
  });

  it('handover-transfer explains choosing target_brain with handover_list_brains', () => {
    const { body } = load('handover-transfer');
    expect(body).toContain('handover_list_brains()');
    expect(body).toMatch(/exactly one match/);
    expect(body).toMatch(/several: ask the user/);
    expect(body).toContain('codex-mcp-client');
  });

  it('handover-transfer: share pushes only the snapshot, and a "do not push" from the user is asked about first (field trial F)', () => {
    const { body } = load('handover-transfer');
    expect(body).toContain('pushes only the snapshot');
    expect(body).toContain('none of your work');
    expect(body).toContain('if the user said not to push, ask first');
  });

  it('butler: install, status, and the git habit each work_* / issue_* tool replaces', () => {
    const { body } = load('butler');
    for (const s of ['scripts/butler.mjs install', 'scripts/butler.mjs status', 'uninstall', '/hooks', 'session_logs/'])
      expect(body).toContain(s);
    const pairs: Array<[string, string]> = [
      ['git status', 'work_observe'],
      ['git diff', 'work_diff'],
      ['git log', 'work_history'],
      ['git add + commit', 'work_record'],
      ['git push', 'work_publish'],
      ['git fetch / pull', 'work_sync'],
    ];
    for (const [habit, tool] of pairs) expect(body).toContain(`| ${habit} | \`${tool}\` |`);
    for (const t of [
      'work_start',
      'work_finish',
      'issue_read',
      'issue_create',
      'issue_comment',
      'issue_delete_comment',
      'issue_update_title',
      'issue_update_body',
      'issue_close',
      'issue_reopen',
    ]) {
      expect(body).toContain(t);
    }
    expect(body).toMatch(/butler\.mjs work /);
  });
});
