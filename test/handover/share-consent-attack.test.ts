// The person's yes to share from a clone lives in `.git/butler/share-allowed.json` (docs/decisions.md D36), a
// folder the agent can write and a stranger's clone can bring. A FIFO planted there made every share wait
// forever (`handover suspend --share` through the installed runtime never returned), and a link planted
// there made the person's yes overwrite the link's target outside the project.
import { spawnSync } from 'node:child_process';
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordShareConsent, shareConsent } from '../../src/handover/share-consent.js';
import { butler, tempRepos } from '../helpers/person-cli.js';
import { git } from '../helpers/repo.js';

const repos = tempRepos();
const consentFile = (root: string) => path.join(root, '.git', 'butler', 'share-allowed.json');

describe('a planted share-allowed.json', () => {
  it('a FIFO: a share through the installed runtime is held for the person at once, not hung', () => {
    const { root, remote } = repos.withRemote();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    mkdirSync(path.dirname(consentFile(root)), { recursive: true });
    expect(spawnSync('mkfifo', [consentFile(root)]).status).toBe(0);
    const started = Date.now();
    const r = butler(root, ['handover', 'suspend', '--notes', 'Parser half done.', '--share'], { bin: '.butler/bin/butler.mjs' });
    expect(Date.now() - started).toBeLessThan(10_000);
    // need_input: held until a person says yes (exit 3, src/cli/outcome.ts); nothing reached the remote.
    expect(r.code, r.out + r.err).toBe(3);
    expect(r.out).toContain('handover share-preview');
    expect(git(remote, 'for-each-ref', 'refs/butler/handover')).toBe('');
    expect(shareConsent(root)).toBeNull();
  }, 30_000);

  it('a link to a file outside the project: the yes replaces the link and leaves its target as it was', () => {
    const root = repos.repo();
    const target = path.join(path.dirname(root), 'bashrc');
    writeFileSync(target, 'export PATH=$HOME/bin:$PATH\n');
    mkdirSync(path.dirname(consentFile(root)), { recursive: true });
    symlinkSync(target, consentFile(root));
    recordShareConsent(root, { allowed_at: '2026-12-05T05:00:00Z', by: 'Test <test@example.com>' });
    expect(readFileSync(target, 'utf8')).toBe('export PATH=$HOME/bin:$PATH\n');
    expect(lstatSync(consentFile(root)).isFile()).toBe(true);
    expect(shareConsent(root)).toEqual({ allowed_at: '2026-12-05T05:00:00Z', by: 'Test <test@example.com>' });
  });
});
