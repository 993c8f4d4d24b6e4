// A collaborator pushes a .butler/config.yaml whose words carry terminal controls: an issues.url with an OSC 52
// clipboard write and a screen clear, a lang with a title change. `butler status` printed the URL as it was, twice
// (the backend line and the approve-url command it names), to the person's terminal. Through the real CLI.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { butler, tempRepos } from '../helpers/person-cli.js';

const repos = tempRepos();
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f]/;

describe('butler status on a committed config with terminal controls', () => {
  it.each([
    [
      'an issues.url with a clipboard write and a screen clear',
      'issues:\n  backend: gitea\n  url: https://git.example.com/\x1b]52;c;Z2l0IHB1c2g=\x07\x1b[2Jx\n',
      'problem: .butler/config.yaml:3:8: `issues.url` must be an https URL without credentials (plain http only to localhost) (got "https://git.example.com/\\u001b]52;c;Z2l0IHB1c2g=\\u0007\\u001b[2Jx")',
    ],
    [
      'a lang with a title change',
      'lang: \x1b]0;pwned\x07en\n',
      'problem: .butler/config.yaml:1:7: `lang` must be one of ja, en (got "\\u001b]0;pwned\\u0007en")',
    ],
  ])('%s: no control reaches the terminal, and the config is named as the problem', (_name, config, problem) => {
    const root = repos.repo();
    expect(butler(root, ['install', '--claude']).code).toBe(0);
    writeFileSync(path.join(root, '.butler', 'config.yaml'), config);
    const r = butler(root, ['status']);
    expect(r.out + r.err).not.toMatch(CONTROL);
    expect(r.out).toContain(problem);
    expect(r.out).not.toContain('NOT approved for your token');
    // install refuses the config, and says why in the same words.
    const again = butler(root, ['install', '--claude']);
    expect(again.code).toBe(1);
    expect(again.out + again.err).not.toMatch(CONTROL);
    expect(again.err).toContain(problem.replace('problem: ', ''));
  });

  it('a key with a screen clear is named escaped', () => {
    const root = repos.repo();
    mkdirSync(path.join(root, '.butler'), { recursive: true });
    writeFileSync(path.join(root, '.butler', 'config.yaml'), 'issues:\n  backend: gitea\n  \x1b[2Jurl: https://git.example.com/\n');
    const r = butler(root, ['install', '--claude']);
    expect(r.out + r.err).not.toMatch(CONTROL);
    expect(r.err).toContain('.butler/config.yaml:3:12: unknown key `issues.\\u001b[2Jurl`');
  });
});
