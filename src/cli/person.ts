// Consent that the agent's own process tree cannot give (docs/decisions.md D34). `butler guard
// allow|deny|mode` and `butler issue approve-url` are a person's decisions, and a terminal alone does
// not prove a person: an agent gets one with `script -qec '…'` and answers "y" through a pipe. So
// these verbs also refuse when the process runs under an agent client: an ancestor process that is
// Claude Code, Codex or Gemini CLI (by its program name, or Node running their CLI), or the markers
// those clients put in the environment of the commands they run. What is checked is the process
// tree, never the CLI's file name, so a renamed copy of the CLI is refused the same way.
// Limits (README, "Security model"): a process that leaves the agent's tree (a double fork or
// `setsid` daemon, a tmux or screen server, cron/at/systemd-run) and drops the environment markers is
// not recognised. This is a guardrail against the agent's ordinary commands, not an OS boundary.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { cliErrors } from './messages/errors.js';

/** How an agent client above this process is named (src/cli/messages/errors.ts). */
export type AgentWords = Pick<ReturnType<typeof cliErrors>, 'envMarker' | 'process'>;

/** Program names of agent clients (the base name of what the process runs). */
const AGENT_PROGRAMS = /^(claude|codex|codex-[\w-]+|gemini|cursor-agent|opencode|aider)$/i;
/** Node (or Bun) running an agent client's CLI: its package or bin path. */
const AGENT_SCRIPTS = /@anthropic-ai[\\/]claude-code|@openai[\\/]codex|@google[\\/]gemini-cli|[\\/](claude|codex|gemini)(\.[cm]?js)?$/i;
/** Set by the clients for the commands they run (Claude Code, Codex, Gemini CLI). */
export const AGENT_ENV = [
  'CLAUDECODE',
  'CLAUDE_CODE_ENTRYPOINT',
  'CODEX_SANDBOX',
  'CODEX_SANDBOX_NETWORK_DISABLED',
  'CODEX_THREAD_ID',
  'GEMINI_CLI',
];

interface Proc {
  ppid: number;
  argv: string[];
}

function procLinux(pid: number): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The program name is in parentheses and may itself hold spaces or parentheses: read after the last one.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
    const comm = readFileSync(`/proc/${pid}/comm`, 'utf8').trim();
    return { ppid, argv: [comm, ...argv] };
  } catch {
    return null;
  }
}

/** Without /proc (macOS, BSD): one `ps` listing of every process. */
function psTable(): Map<number, Proc> {
  const out = new Map<number, Proc>();
  try {
    const text = execFileSync('ps', ['-A', '-o', 'pid=,ppid=,args='], { encoding: 'utf8', timeout: 3000 });
    for (const line of text.split('\n')) {
      const m = /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line);
      if (m) out.set(Number(m[1]), { ppid: Number(m[2]), argv: (m[3] ?? '').split(/\s+/) });
    }
  } catch {
    // No ps: only the environment markers are checked.
  }
  return out;
}

/** What names an agent client among a process's words, or null. */
export function agentIn(argv: string[]): string | null {
  const base = (w: string) => w.slice(Math.max(w.lastIndexOf('/'), w.lastIndexOf('\\')) + 1);
  const named = argv.slice(0, 2).find((w) => AGENT_PROGRAMS.test(base(w)));
  if (named) return base(named);
  const script = argv.slice(1, 4).find((w) => AGENT_SCRIPTS.test(w));
  return script ? base(script) : null;
}

/** The agent client this process runs under (an ancestor or an environment marker), or null. */
export function agentAncestor(
  env: Record<string, string | undefined>,
  start: number = process.ppid,
  say: AgentWords = cliErrors('en'),
): string | null {
  const marker = AGENT_ENV.find((k) => env[k] !== undefined && env[k] !== '');
  if (marker) return say.envMarker(marker);
  const table = process.platform === 'linux' ? null : psTable();
  const seen = new Set<number>();
  for (let pid = start; pid > 1 && !seen.has(pid) && seen.size < 64; ) {
    seen.add(pid);
    const p = table ? (table.get(pid) ?? null) : procLinux(pid);
    if (!p) break;
    const agent = agentIn(p.argv);
    if (agent) return say.process(agent, pid);
    pid = p.ppid;
  }
  return null;
}

export type Consent = { given: true } | { given: false; why: string; code: number };

/**
 * A person's yes: a terminal, no agent client above this process, and an explicit y. `agent` is the
 * check (CliIO.agent; start.ts gives the real one).
 */
export async function personConsents(
  io: { ask?: (q: string) => Promise<string>; agent?: (say?: AgentWords) => string | null },
  question: string,
  say = cliErrors('en'),
): Promise<Consent> {
  if (!io.ask) return { given: false, why: say.noTty, code: 3 };
  const agent = io.agent?.(say) ?? null;
  if (agent) return { given: false, why: say.underAgent(agent), code: 3 };
  const answer = await io.ask(question);
  return /^y(es)?$/i.test(answer.trim()) ? { given: true } : { given: false, why: say.notConfirmed, code: 1 };
}
