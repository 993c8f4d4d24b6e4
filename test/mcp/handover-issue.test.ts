import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { sectionBody } from '../../src/handover/sections.js';
import { connect } from '../helpers/mcp.js';
import { makeRepo } from '../helpers/repo.js';

let root: string;
beforeEach(() => {
  root = makeRepo().root;
});

async function brain() {
  const c = await connect({ clientName: 'codex-mcp-client', deps: { env: { BUTLER_LANG: 'en' } } });
  await c.call('work_session_start', { project_root: root });
  return c;
}
const snapshotOf = (r: { data: Record<string, any> }) => readFileSync(path.join(root, r.data.snapshot_file), 'utf8');

describe('handover and the issue backend', () => {
  it('reads the issue title and body through the backend into METADATA and CURRENT_STATE', async () => {
    const c = await brain();
    const created = await c.call('issue_create', {
      title: 'Parser rewrite',
      body: '## Current state\nLexer done\n## Next\nParser\n## Blockers\nNone',
    });
    const id = created.data.issue.id;
    const r = await c.call('handover_suspend', { issue_id: id });
    const md = snapshotOf(r);
    expect(md).toContain('- issue_title: Parser rewrite');
    expect(sectionBody(md, 'CURRENT_STATE').join('\n')).toMatch(/Issue #\d+ "Parser rewrite" \(open\)/);
    expect(sectionBody(md, 'CURRENT_STATE').join('\n')).toContain('> Lexer done');
    await c.close();
  });

  it('an issue that cannot be read goes under BLOCKED / PENDING and the snapshot is still made', async () => {
    const c = await brain();
    const r = await c.call('handover_suspend', { issue_id: 404 });
    expect(r.status).toBe('ok');
    expect(r.data.issue_error).toBeTruthy();
    expect(r.data.issue_error).toMatch(/404/);
    expect(sectionBody(snapshotOf(r), 'BLOCKED / PENDING').join('\n')).toMatch(/\[blocked\] Could not read issue #404/);
    await c.close();
  });

  it('an unreachable remote tracker does not fail the handover either', async () => {
    mkdirSync(path.join(root, '.butler'), { recursive: true });
    writeFileSync(
      path.join(root, '.butler/config.yaml'),
      'issues:\n  backend: gitea\n  url: http://127.0.0.1:9\n  owner: o\n  repo: r\n  timeout_ms: 2000\n',
    );
    const c = await brain();
    const r = await c.call('handover_transfer', { issue_id: 3, target_brain: 'any' });
    expect(r.status).toBe('ok');
    expect(sectionBody(snapshotOf(r), 'BLOCKED / PENDING').join('\n')).toMatch(/\[blocked\] Could not read issue #3/);
    await c.close();
  });
});
