// The tracker trust rules as fixed tables (issue #27: each row is what the README promises, written
// here, not computed by the code under test): which hosts plain http may reach, the form a URL is
// approved in, and an approvals file that is damaged or edited by hand.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { approvalKey, approvalsFile, approveUrl, isLoopback, isTokenVar, isUrlApproved } from '../../src/issues/trust.js';

const userDir = () => realpathSync(mkdtempSync(path.join(os.tmpdir(), 'butler-userconf-')));

describe('loopback hosts', () => {
  it.each([
    ['http://localhost:3000', true],
    ['http://LOCALHOST', true],
    ['http://127.0.0.1', true],
    ['http://127.255.0.9:8', true],
    ['http://[::1]:8080', true],
    ['http://localhost.evil.example', false],
    ['http://127.0.0.1.evil.example', false],
    ['http://evil.example/127.0.0.1', false],
    ['http://128.0.0.1', false],
    ['http://10.0.0.1', false],
    ['http://[::2]', false],
    ['http://0.0.0.0', false],
  ])('%s → %s', (url, expected) => {
    expect(isLoopback(new URL(url))).toBe(expected);
  });
});

describe('approval keys', () => {
  it.each([
    ['https://Gitea.Example.com/', 'https://gitea.example.com'],
    ['https://g.example/api/v1/?x=1', 'https://g.example/api/v1'],
    ['https://g.example/api/v1///', 'https://g.example/api/v1'],
    ['https://g.example/api/v1#frag', 'https://g.example/api/v1'],
    ['https://g.example:443/x', 'https://g.example/x'],
    ['https://g.example:8443/x', 'https://g.example:8443/x'],
    ['http://127.0.0.1:3000/', 'http://127.0.0.1:3000'],
    ['https://u:p@g.example', null],
    ['https://u@g.example', null],
    ['https://:p@g.example', null],
    ['ftp://g.example', null],
    ['file:///etc/passwd', null],
    ['javascript:alert(1)', null],
    ['not a url', null],
    ['', null],
  ])('%s → %s', (raw, expected) => {
    expect(approvalKey(raw)).toBe(expected);
  });
});

describe('token variable names', () => {
  it.each([
    ['GITHUB_TOKEN', true],
    ['GH_TOKEN', true],
    ['GITEA_TOKEN', true],
    ['BUTLER_ISSUES_TOKEN', true],
    ['NPM_TOKEN', false],
    ['github_token', false],
    ['GITHUB_TOKEN2', false],
    ['', false],
  ])('%s → %s', (name, expected) => {
    expect(isTokenVar(name)).toBe(expected);
  });
});

describe('the approvals file', () => {
  it('is approved-urls.json in the user folder, holds each key once, in the order approved', async () => {
    const dir = userDir();
    expect(approvalsFile(dir)).toBe(path.join(dir, 'approved-urls.json'));
    const at = new Date('2026-06-01T10:00:00.000Z');
    expect(await approveUrl(dir, 'https://a.example/', at, 'GITEA_TOKEN')).toBe('https://a.example');
    expect(await approveUrl(dir, 'https://a.example', new Date('2026-06-02T10:00:00.000Z'), 'GITEA_TOKEN')).toBe('https://a.example');
    expect(await approveUrl(dir, 'https://b.example/x?y', at, 'GITEA_TOKEN')).toBe('https://b.example/x');
    expect(await approveUrl(dir, 'ftp://c.example', at, 'GITEA_TOKEN')).toBeNull();
    expect(JSON.parse(readFileSync(approvalsFile(dir), 'utf8'))).toEqual({
      urls: [
        { url: 'https://a.example', approved_at: '2026-06-01T10:00:00.000Z', token_var: 'GITEA_TOKEN' },
        { url: 'https://b.example/x', approved_at: '2026-06-01T10:00:00.000Z', token_var: 'GITEA_TOKEN' },
      ],
    });
    expect(await isUrlApproved(dir, 'https://a.example/')).toBe(true);
    expect(await isUrlApproved(dir, 'https://b.example/x/?q')).toBe(true);
    // Bound to the variable it was approved for: another token variable is not sent there.
    expect(await isUrlApproved(dir, 'https://a.example/', 'GITEA_TOKEN')).toBe(true);
    expect(await isUrlApproved(dir, 'https://a.example/', 'GITHUB_TOKEN')).toBe(false);
    expect(await isUrlApproved(dir, 'https://b.example')).toBe(false);
    expect(await isUrlApproved(dir, 'https://u:p@a.example')).toBe(false);
  });

  it.each([
    ['not JSON', '{"urls": ['],
    ['the wrong shape', '{"urls": ["https://a.example"]}'],
    ['no urls key', '{"approved": [{"url": "https://a.example", "approved_at": "x"}]}'],
    ['a bare list', '[{"url": "https://a.example", "approved_at": "x"}]'],
  ])('damaged (%s): approves nothing, and approving again rewrites it', async (_name, text) => {
    const dir = userDir();
    mkdirSync(dir, { recursive: true });
    writeFileSync(approvalsFile(dir), text);
    expect(await isUrlApproved(dir, 'https://a.example')).toBe(false);
    await approveUrl(dir, 'https://a.example', new Date('2026-06-01T00:00:00.000Z'), 'GITEA_TOKEN');
    expect(JSON.parse(readFileSync(approvalsFile(dir), 'utf8'))).toEqual({
      urls: [{ url: 'https://a.example', approved_at: '2026-06-01T00:00:00.000Z', token_var: 'GITEA_TOKEN' }],
    });
    expect(await isUrlApproved(dir, 'https://a.example')).toBe(true);
  });

  it('a missing folder approves nothing; approving creates the file', async () => {
    const dir = path.join(userDir(), 'not', 'yet');
    expect(await isUrlApproved(dir, 'https://a.example')).toBe(false);
    expect(await isUrlApproved('', 'https://a.example')).toBe(false);
    await approveUrl(dir, 'https://a.example', new Date(), 'GITEA_TOKEN');
    expect(await isUrlApproved(dir, 'https://a.example')).toBe(true);
  });
});
