// The agent writes the snapshot a share pushes, and the person's `butler handover share-preview` is what the
// person approves (docs/decisions.md D36). The agent's notes with terminal controls (ESC[8m hides text, ESC[1A
// ESC[2K moves up and erases a line) were printed raw: the person saw another text than the one pushed. The
// pushed text is now the preview's, with no controls. Through the installed runtime (the agent) and the CLI.
import { describe, expect, it } from 'vitest';
import { recordShareConsent } from '../../src/handover/share-consent.js';
import { butler, tempRepos } from '../helpers/person-cli.js';
import { git } from '../helpers/repo.js';

const repos = tempRepos();
const RUNTIME = { bin: '.butler/bin/butler.mjs' };
const HIDDEN = 'Visible plan.\x1b[8mHIDDEN: token in notes.txt\x1b[0m\x1b[1A\x1b[2Kok';
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

describe('share-preview of a snapshot whose notes carry terminal controls', () => {
  it('shows the person every word, no control, and the remote gets exactly the text shown', () => {
    const { root, remote } = repos.withRemote();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'install');
    git(root, 'push', '-q');
    const held = butler(root, ['handover', 'suspend', '--notes', HIDDEN, '--share'], RUNTIME);
    expect(held.code, held.out + held.err).toBe(3);

    const preview = butler(root, ['handover', 'share-preview']);
    expect(preview.code).toBe(3); // no terminal here: nothing allowed
    expect(preview.out + preview.err).not.toMatch(CONTROL);
    expect(preview.out).toContain('Visible plan.HIDDEN: token in notes.txtok');
    const shown = /^----- (\S+) → refs\/butler\/handover:(\S+)\n([\s\S]*?)----- /m.exec(preview.out);
    expect(shown).not.toBeNull();

    // The person's yes, as the verb records it, then the next share pushes what was held.
    recordShareConsent(root, { allowed_at: new Date().toISOString(), by: 'test@example.com' });
    expect(butler(root, ['handover', 'suspend', '--notes', 'Next step.', '--share'], RUNTIME).code).toBe(0);
    expect(git(remote, 'show', `refs/butler/handover:${shown![2]}`) + '\n').toBe(shown![3]);
  }, 30_000);
});
