// docs/decisions.md D42: recording is the workflow the user chose by installing Butler, so work_record stays
// the required_action of a dirty tree, and every text the agent reads says why it is not the commit its client
// (Claude Code, Codex) otherwise waits to be asked for: local, on this branch, never pushed. Publishing stays
// the user's call. Field trial E: an agent weighed required_action: work_record against its client's "never
// commit unless asked" and did not record.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '../../src/mcp/instructions.js';
import { workRecord } from '../../src/mcp/tools/work/record.js';
import { commitFile, write } from '../helpers/git-scenarios.js';
import { connect } from '../helpers/mcp.js';
import { git, makeRepo } from '../helpers/repo.js';

const CLI = path.resolve('hooks/butler.mjs');

async function observeIn(root: string, lang: 'en' | 'ja' = 'en') {
  const c = await connect({ deps: { env: { BUTLER_LANG: lang } } });
  await c.call('work_session_start', { project_root: root });
  const r = await c.call('work_observe');
  return { r, c };
}

describe('D42: work_observe, per state, through the MCP server', () => {
  it('dirty: work_record is the required_action, its reason says run it now, local, never pushed; nothing to ask', async () => {
    const { root } = makeRepo({ withRemote: true });
    write(root, 'a.txt', 'a\n');
    const { r, c } = await observeIn(root);
    expect(r.data.work_state).toBe('dirty');
    expect(r.data.required_action).toMatchObject({ tool: 'work_record', required_args: ['message'] });
    expect(r.data.required_action.reason).toBe(
      "Unrecorded changes. Record them now without asking: a record stays local on this branch, never pushed, as this project's Butler setup asks. No default issue, so it will link none (work_start sets one).",
    );
    expect(r.data).not.toHaveProperty('ask_user_first');
    await c.close();
  });

  it('dirty_and_unpublished: still record first, without asking; publishing is not required', async () => {
    const { root } = makeRepo({ withRemote: true });
    commitFile(root, 'a.txt', 'a\n');
    write(root, 'b.txt', 'b\n');
    const { r, c } = await observeIn(root);
    expect(r.data.work_state).toBe('dirty_and_unpublished');
    expect(r.data.required_action.tool).toBe('work_record');
    expect(r.data.required_action.reason).toContain('without asking');
    await c.close();
  });

  it('recorded_unpublished: nothing to run; work_publish only in ask_user_first', async () => {
    const { root } = makeRepo({ withRemote: true });
    commitFile(root, 'a.txt', 'a\n');
    const { r, c } = await observeIn(root);
    expect(r.data.work_state).toBe('recorded_unpublished');
    expect(r.data.required_action).toBeNull();
    expect(r.data.ask_user_first).toMatchObject({ tool: 'work_publish' });
    await c.close();
  });

  it('clean: neither', async () => {
    const { root } = makeRepo({ withRemote: true });
    const { r, c } = await observeIn(root);
    expect(r.data.work_state).toBe('clean_idle');
    expect(r.data.required_action).toBeNull();
    expect(r.data).not.toHaveProperty('ask_user_first');
    await c.close();
  });

  it('Japanese: the same reason in the project language', async () => {
    const { root } = makeRepo({ withRemote: true });
    write(root, 'a.txt', 'a\n');
    const { r, c } = await observeIn(root, 'ja');
    expect(r.data.required_action.reason).toBe(
      '未記録の変更があります。確認せずに今記録してください（記録はこのブランチのローカルに残り push されません。このプロジェクトの Butler 設定が求める手順です）。既定の issue がないため紐付けなしで記録します（work_start で設定できます）',
    );
    await c.close();
  });
});

describe('D42: work_record does what the texts promise', () => {
  it('records on this branch only: the remote is untouched; the result says local, not published, and asks before publishing', async () => {
    const { root, remote } = makeRepo({ withRemote: true });
    const remoteBefore = git(remote as string, 'rev-parse', 'main');
    write(root, 'a.txt', 'a\n');
    const c = await connect();
    await c.call('work_session_start', { project_root: root });
    const r = await c.call('work_record', { message: 'add a' });
    expect(r.status).toBe('ok');
    expect(r.summary).toMatch(/^Recorded [0-9a-f]{12} on this branch; local, not published$/);
    expect(r.data).not.toHaveProperty('required_action');
    expect(r.data.ask_user_first).toMatchObject({ tool: 'work_publish' });
    expect(git(remote as string, 'rev-parse', 'main')).toBe(remoteBefore);
    expect(git(root, 'log', '-1', '--format=%s')).toBe('add a');
    expect(r.data.unpublished).toBe(1);
    // Asked once (field trial G): the second record says how many wait, and asks nothing again.
    write(root, 'b.txt', 'b\n');
    const second = await c.call('work_record', { message: 'add b' });
    expect(second.status).toBe('ok');
    expect(second.data).not.toHaveProperty('ask_user_first');
    expect(second.data).not.toHaveProperty('required_action');
    expect(second.data.unpublished).toBe(2);
    // work_observe still names publishing as the user's call.
    expect((await c.call('work_observe')).data.ask_user_first).toMatchObject({ tool: 'work_publish' });
    await c.close();
  });
});

describe('D42: every text the agent reads says the same', () => {
  it('server instructions: required_action, work_record included, runs without asking; publishing asks first', () => {
    expect(INSTRUCTIONS).toContain(
      "Run data.required_action now without asking unless status is need_input or the user said otherwise: it never needs the user (work_record too: a local record this project's install asks for, never pushed)",
    );
    expect(INSTRUCTIONS).toContain("data.ask_user_first (publish, close an issue, transfer, retire) needs the user's yes first");
  });

  it('work_record description: local, never pushed', () => {
    expect(workRecord.config.description).toContain('records all changes on this branch, locally (never pushed)');
  });

  it('the butler skill', () => {
    const skill = readFileSync('skills/butler/SKILL.md', 'utf8');
    expect(skill).toContain(
      'A `required_action` naming `work_record`: record without asking (local, never pushed; installing Butler asked for it: not the commit your defaults wait for). `work_publish` only when the user says so.',
    );
  });

  it('the guidance block a real `butler install` writes into CLAUDE.md and AGENTS.md, in English and Japanese', () => {
    const en = makeRepo().root;
    execFileSync(process.execPath, [CLI, 'install', '--claude', '--codex', '--lang', 'en', '--project', en], { stdio: 'pipe' });
    const line =
      "- Recording is this project's workflow, asked for here: run `work_record` without asking whenever a `required_action` names it. A record stays on this clone's branch and is never pushed, so it is not the commit you otherwise wait to be asked for. Publishing (`work_publish`) only when the user says so. What the user tells you comes first.";
    expect(readFileSync(path.join(en, 'AGENTS.md'), 'utf8')).toContain(line);
    expect(readFileSync(path.join(en, 'CLAUDE.md'), 'utf8')).toContain(line);
    const ja = makeRepo().root;
    execFileSync(process.execPath, [CLI, 'install', '--claude', '--lang', 'ja', '--project', ja], { stdio: 'pipe' });
    expect(readFileSync(path.join(ja, 'CLAUDE.md'), 'utf8')).toContain(
      '- 記録はこのプロジェクトの作業手順で、ここで依頼しています: `required_action` が `work_record` を示したら確認せずに実行してください。',
    );
  });

  it('no text tells the agent to ask before recording', () => {
    const texts = [INSTRUCTIONS, workRecord.config.description, readFileSync('skills/butler/SKILL.md', 'utf8')];
    for (const t of texts) expect(t).not.toMatch(/ask[^.]{0,40}before[^.]{0,20}record|record[^.]{0,30}only when (?:the user|asked)/i);
  });
});
