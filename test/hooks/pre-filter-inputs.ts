// Hook input the clients do not write but the pre-filter must still get right (issue #17): for each,
// whether the pre-filter may allow it itself or must hand it to the Node hook. `$ROOT` is replaced by
// a project under a folder named `github`, so the whole text mentions git even when the command does not.
export interface Adversarial {
  name: string;
  input: string;
  expect: 'allowed' | 'forwarded';
}

const j = (command: unknown, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ hook_event_name: 'PreToolUse', tool_name: 'Bash', tool_input: { command }, cwd: '$ROOT', ...extra });
const raw = (tool_input: string, rest = '') =>
  `{"hook_event_name":"PreToolUse","tool_name":"Bash","tool_input":${tool_input},"cwd":"$ROOT"${rest}}`;

export const ADVERSARIAL: Adversarial[] = [
  // JSON escapes that spell git, a separator or $' in the command.
  { name: '\\u0067it', input: raw('{"command":"\\u0067it status"}'), expect: 'forwarded' },
  { name: 'upper-case escapes \\u0047\\u0049\\u0054', input: raw('{"command":"\\u0047\\u0049\\u0054 push"}'), expect: 'forwarded' },
  { name: 'g\\u0069t', input: raw('{"command":"g\\u0069t push"}'), expect: 'forwarded' },
  { name: 'gi\\u0074', input: raw('{"command":"gi\\u0074 push"}'), expect: 'forwarded' },
  { name: 'escaped quote inside the name', input: raw('{"command":"g\\"i\\"t status"}'), expect: 'forwarded' },
  { name: 'escaped backslash inside the name', input: raw('{"command":"g\\\\it status"}'), expect: 'forwarded' },
  // A bare newline ends the command (`g`, then `it status`): not git, so the pre-filter may allow it.
  { name: 'JSON newline inside the name', input: raw('{"command":"g\\ni\\\\\\nt status"}'), expect: 'allowed' },
  { name: 'backslash-newline inside the name', input: raw('{"command":"gi\\\\\\nt status"}'), expect: 'forwarded' },
  { name: '\\u000a and \\u005C inside the name (g, then it)', input: raw('{"command":"g\\u000ai\\u005Ct"}'), expect: 'allowed' },
  { name: '\\u005C and \\u000a inside the name', input: raw('{"command":"gi\\u005C\\u000at"}'), expect: 'forwarded' },
  { name: '\\u0027 quotes inside the name', input: raw('{"command":"g\\u0027i\\u0027t log"}'), expect: 'forwarded' },
  { name: "$' string", input: j("$'\\x67it' status"), expect: 'forwarded' },
  { name: "$' spelt \\u0024\\u0027", input: raw('{"command":"\\u0024\\u0027\\\\147it\\u0027"}'), expect: 'forwarded' },
  { name: "octal $' string", input: j("$'\\147\\151\\164' log"), expect: 'forwarded' },
  { name: 'GiT in mixed case', input: j('GiT status'), expect: 'forwarded' },
  {
    name: 'butler guard (the guard checks changes to itself)',
    input: j('node .butler/bin/butler.mjs guard allow fetch'),
    expect: 'forwarded',
  },
  { name: 'guard spelt with escapes', input: raw('{"command":"butler \\u0047\\u0055\\u0041r\\\\\\u0064 mode off"}'), expect: 'forwarded' },
  // Escapes that do not spell git: decoded as the Node hook decodes them.
  // `\u0067` in the command is an escape printf and echo -e decode: Node decides.
  { name: 'escaped backslash then u0067it', input: raw('{"command":"echo \\\\u0067it"}'), expect: 'forwarded' },
  { name: 'other escapes', input: raw('{"command":"printf \\"a\\\\tb\\" \\u00e9 \\t \\/tmp"}'), expect: 'allowed' },
  { name: 'non-ASCII look-alikes', input: j('ｇｉｔ status; ǵit'), expect: 'allowed' },
  {
    name: 'whitespace everywhere, CRLF',
    input: '{ "tool_name" :\r\n "Bash" ,\t"tool_input" : { "command" : "ls" } , "cwd":"$ROOT" }\r\n',
    expect: 'allowed',
  },
  // Which value is the command: JSON.parse keeps the last duplicate; only tool_input.command (?? cmd) counts.
  { name: 'duplicate command, git last', input: raw('{"command":"ls","command":"git push"}'), expect: 'forwarded' },
  { name: 'duplicate command, git first', input: raw('{"command":"git push","command":"ls"}'), expect: 'allowed' },
  {
    name: 'duplicate tool_input, git last',
    input: `{"tool_name":"Bash","tool_input":{"command":"ls"},"tool_input":{"command":"git push"},"cwd":"$ROOT"}`,
    expect: 'forwarded',
  },
  {
    name: 'duplicate tool_input, second has no command',
    input: `{"tool_name":"Bash","tool_input":{"command":"ls"},"tool_input":{"cmd":"git push"},"cwd":"$ROOT"}`,
    expect: 'forwarded',
  },
  {
    name: 'a command key elsewhere',
    input: `{"tool_name":"Bash","x":{"command":"ls"},"tool_input":{"command":"git push"}}`,
    expect: 'forwarded',
  },
  { name: 'nested tool_input', input: raw('{"command":"git push","y":{"tool_input":{"command":"ls"}}}'), expect: 'forwarded' },
  { name: 'a key ending in "command', input: raw('{"a\\"command":"ls","command":"git status"}'), expect: 'forwarded' },
  { name: 'escaped key spelling command', input: raw('{"comm\\u0061nd":"git status","command":"ls"}'), expect: 'forwarded' },
  { name: 'cmd only, with git', input: raw('{"cmd":"git push"}'), expect: 'forwarded' },
  { name: 'cmd only, without git', input: raw('{"cmd":"ls"}'), expect: 'allowed' },
  { name: 'command null, cmd with git', input: raw('{"command":null,"cmd":"git push"}'), expect: 'forwarded' },
  { name: 'command null, cmd without git', input: raw('{"command":null,"cmd":"ls"}'), expect: 'allowed' },
  { name: 'argv array', input: raw('{"command":["git","status"]}'), expect: 'forwarded' },
  { name: "argv array without git (the quoting can add $')", input: raw('{"command":["echo","a$"]}'), expect: 'forwarded' },
  { name: 'command a number', input: raw('{"command":5}'), expect: 'forwarded' },
  { name: 'no command at all', input: raw('{"description":"x"}'), expect: 'forwarded' },
  { name: 'tool_input a string', input: raw('"git push"'), expect: 'forwarded' },
  // Not a shell command, or not PreToolUse: the Node hook allows these without looking.
  {
    name: 'Read tool with git in its path',
    input: `{"tool_name":"Read","tool_input":{"file_path":"$ROOT/.git/config"},"cwd":"$ROOT"}`,
    expect: 'allowed',
  },
  { name: 'PostToolUse event', input: j('git push', { hook_event_name: 'PostToolUse' }), expect: 'allowed' },
  { name: 'event null', input: j('git push', { hook_event_name: null }), expect: 'allowed' },
  {
    name: 'event spelt with an escape',
    input: raw('{"command":"git push"}').replace('"PreToolUse"', '"Pre\\u0054oolUse"'),
    expect: 'forwarded',
  },
  { name: 'tool name spelt with an escape', input: raw('{"command":"git push"}').replace('"Bash"', '"B\\u0061sh"'), expect: 'forwarded' },
  { name: 'tool name a number', input: raw('{"command":"ls"}').replace('"Bash"', '5'), expect: 'forwarded' },
  {
    name: 'exec_command with cmd',
    input: `{"tool_name":"exec_command","tool_input":{"cmd":"git push"},"cwd":"$ROOT"}`,
    expect: 'forwarded',
  },
  // Broken input: the Node hook denies it when any of it mentions git (here the cwd does).
  { name: 'BOM', input: `\uFEFF${j('ls')}`, expect: 'forwarded' },
  { name: 'trailing garbage', input: `${j('ls')}x`, expect: 'forwarded' },
  { name: 'two documents', input: `${j('ls')}${j('git push')}`, expect: 'forwarded' },
  { name: 'truncated', input: j('ls').slice(0, -3), expect: 'forwarded' },
  { name: 'empty', input: '', expect: 'forwarded' },
  { name: 'top-level array', input: `[${j('ls')}]`, expect: 'forwarded' },
  { name: 'raw tab inside a string', input: raw('{"command":"ls\t-l"}'), expect: 'forwarded' },
  { name: 'raw newline inside a string', input: raw('{"command":"ls\n-l"}'), expect: 'forwarded' },
  { name: 'invalid escape', input: raw('{"command":"ls \\x"}'), expect: 'forwarded' },
  { name: 'short \\u escape', input: raw('{"command":"ls \\u12"}'), expect: 'forwarded' },
  { name: 'leading zero number', input: raw('{"command":"ls","timeout":01}'), expect: 'forwarded' },
  { name: 'single quotes', input: raw("{'command':'ls'}"), expect: 'forwarded' },
  { name: 'trailing comma', input: raw('{"command":"ls",}'), expect: 'forwarded' },
  { name: 'unquoted key', input: raw('{command:"ls"}'), expect: 'forwarded' },
  { name: 'NaN', input: raw('{"command":"ls","timeout":NaN}'), expect: 'forwarded' },
  {
    name: 'a number, true, false, null and an array elsewhere',
    input: j('ls', { timeout: -1.5e3, a: [true, false, null, { b: [] }], c: {} }),
    expect: 'allowed',
  },
  { name: 'deep nesting', input: j('ls', { deep: JSON.parse('['.repeat(40) + ']'.repeat(40)) }), expect: 'forwarded' },
  { name: 'over 64 KB', input: j(`echo ${'x'.repeat(70_000)}`), expect: 'forwarded' },
  // Over 4 KB of command: Node decides (the pre-filter's checks stay far inside its deadline).
  { name: 'long command under 64 KB with many escapes', input: j(`printf '${'a\\n"'.repeat(5_000)}'`), expect: 'forwarded' },
  { name: 'command under 4 KB with many escapes', input: j(`printf '${'a\\n"'.repeat(300)}'`), expect: 'allowed' },
];
