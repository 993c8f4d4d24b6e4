// Which lines asInvoked rewrites for a person with no `butler` on PATH: a hint after any label the renderer
// puts before one (src/cli/messages/render.ts, en and ja); the person's own words with `butler` stay as written.
import { expect, it } from 'vitest';
import { asInvoked } from '../../src/cli/prog-name.js';

it('rewrites a hint after each renderer label, en and ja, and leaves other lines', () => {
  const lines = [
    'hint: butler status',
    '  if you want: butler work publish',
    'next session: butler handover resume',
    'for the target: butler handover accept',
    '  必要なら: butler work publish',
    '次のセッション：butler handover resume',
    '引き継ぎ元へ: butler work sync',
    'usage: butler work <verb>',
    'fix the butler work flow',
    'said `butler status` here',
  ];
  expect(asInvoked(lines.join('\n'), 'node x.mjs', false).split('\n')).toEqual([
    'hint: node x.mjs status',
    '  if you want: node x.mjs work publish',
    'next session: node x.mjs handover resume',
    'for the target: node x.mjs handover accept',
    '  必要なら: node x.mjs work publish',
    '次のセッション：node x.mjs handover resume',
    '引き継ぎ元へ: node x.mjs work sync',
    'usage: node x.mjs work <verb>',
    'fix the butler work flow',
    'said `node x.mjs status` here',
  ]);
});
