// Commands that change the guard itself: only a person runs them, so the hook denies them even
// though no git runs (not in the bash-oracle corpus for that reason). `label` names the change.
export interface PersonRow {
  name: string;
  cmd: string;
  label: string | null;
}

export const PERSON: PersonRow[] = [
  { name: 'butler guard mode off', cmd: 'butler guard mode off', label: 'butler guard mode' },
  { name: 'butler guard allow push', cmd: 'butler guard allow push', label: 'butler guard allow' },
  { name: 'butler guard deny', cmd: 'butler guard deny log --project .', label: 'butler guard deny' },
  { name: 'vendored runtime', cmd: 'node .butler/bin/butler.mjs guard mode off', label: 'butler guard mode' },
  { name: 'skill copy', cmd: 'node .agents/skills/butler/scripts/butler.mjs guard allow push', label: 'butler guard allow' },
  { name: 'npx package', cmd: 'npx agent-butler guard mode warn', label: 'butler guard mode' },
  { name: 'npx -y package', cmd: 'npx -y agent-butler guard allow fetch', label: 'butler guard allow' },
  { name: 'faked terminal', cmd: `script -qc 'butler guard mode off' /dev/null`, label: 'butler guard mode' },
  { name: 'confirmation piped in', cmd: 'yes | butler guard allow push', label: 'butler guard allow' },
  { name: 'inside bash -c', cmd: `bash -c "node hooks/butler.mjs guard mode off"`, label: 'butler guard mode' },
  { name: 'quoted name', cmd: `b'utler' g"uard" mode off`, label: 'butler guard mode' },
  { name: 'verb in a variable', cmd: 'v=mode; butler guard $v off', label: 'butler guard mode' },
  { name: 'verb known at run time', cmd: 'butler guard "$(cat verb)" off', label: 'butler guard …' },
  { name: 'node with options', cmd: 'node --no-warnings ./hooks/butler.mjs guard allow push', label: 'butler guard allow' },
  { name: 'after cd', cmd: 'cd sub && butler guard mode off', label: 'butler guard mode' },
  // Reading the settings is fine; so is text that only mentions the words.
  { name: 'guard status', cmd: 'butler guard status', label: null },
  { name: 'guard help', cmd: 'node .butler/bin/butler.mjs guard --help', label: null },
  { name: 'echo the command', cmd: 'echo "run: butler guard mode off"', label: null },
  { name: 'grep for it', cmd: "grep -rn 'guard mode' README.md", label: null },
  { name: 'other tool guard', cmd: 'npx some-tool guard mode off', label: null },
  { name: 'node other script', cmd: 'node scripts/guard.mjs mode off', label: null },
];
