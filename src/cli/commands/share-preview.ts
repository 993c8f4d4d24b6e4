// `butler handover share-preview [ID] [--issue N]`: the person's verb for item 6 of issue #23
// (docs/decisions.md D36). It prints exactly what a share pushes and, the first time in a clone, asks
// the person whether sharing may start; yes records the OK in the git dir and shares what was held.
// Anyone may read the preview (it is the agent's own text, redacted); only a person may say yes.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { allowSharing, previewShares, createHandoverContext } from '../../handover/index.js';
import { PERSON_BRAIN } from '../../shared/brains.js';
import type { Lang } from '../../shared/config.js';
import { ButlerError } from '../../shared/errors.js';
import { HANDOVER_ID_PATTERN } from '../../shared/ids.js';
import { needInput, ok } from '../../shared/result.js';
import { createGit } from '../../work/index.js';
import type { CliIO } from '../io.js';
import { EXIT, runEnvelope, UsageError } from '../outcome.js';
import { personConsents } from '../person.js';
import { cliLang } from '../lang.js';
import { cliErrors } from '../messages/errors.js';
import { shareText } from '../messages/share.js';
import { cliUsage } from '../messages/usage.js';
import { verbSummary } from '../messages/verbs.js';
import { parseArgsMessage } from '../suggest.js';
import { repoRootOf } from './project-args.js';

const PREFIX = 'butler handover share-preview';
/** The verb's usage line, its label in the person's language. */
export const sharePreviewUsage = (lang: Lang) => `${cliUsage(lang).usageWord}: ${PREFIX} [ID] [--issue N] [--project DIR] [--json]`;

export async function sharePreview(argv: string[], io: CliIO): Promise<number> {
  const options = {
    issue: { type: 'string' },
    project: { type: 'string' },
    json: { type: 'boolean' },
    help: { type: 'boolean', short: 'h' },
  } as const;
  let parsed: { values: { issue?: string; project?: string; json?: boolean; help?: boolean }; positionals: string[] };
  let t = cliErrors(await cliLang(io));
  try {
    parsed = parseArgs({ args: argv, options, allowPositionals: true, strict: true });
  } catch (err) {
    io.stderr(`${PREFIX}: ${parseArgsMessage(err, ['--issue', '--project', '--json', '--help'], t, argv)}\n  ${t.listsOptions(PREFIX)}\n`);
    return EXIT.usage;
  }
  const { values: v, positionals: pos } = parsed;
  const lang = await cliLang(io, v.project);
  t = cliErrors(lang);
  const s = shareText(lang);
  if (v.help) {
    // A person's summary first, as every tool verb's help gives (#25 final walk-through).
    io.stdout(`${verbSummary(lang, 'handover share-preview')}\n${sharePreviewUsage(lang)}\n`);
    return EXIT.ok;
  }
  let root: string | null = null;
  return runEnvelope(
    io,
    { prefix: PREFIX, json: Boolean(v.json), usage: `  ${cliErrors(lang).listsOptions(PREFIX)}`, root: () => root },
    async () => {
      const id = pos[0];
      if (pos.length > 1 || (id !== undefined && !HANDOVER_ID_PATTERN.test(id))) throw new UsageError(t.oneSnapshotId);
      const issue = v.issue === undefined ? undefined : Number(v.issue);
      if (issue !== undefined && !(Number.isInteger(issue) && issue > 0)) throw new UsageError(t.issueNumber);
      const start = path.resolve(io.cwd, v.project ?? '.');
      root = repoRootOf(start, lang);
      const now = () => new Date();
      const h = await createHandoverContext({
        root,
        sessionBrain: PERSON_BRAIN,
        defaultIssue: null,
        git: createGit(io.env),
        now,
        env: io.env,
        userConfigDir: io.userConfigDir,
        audience: 'person',
      });
      const p = await previewShares(h, { handover_id: id, issue_id: issue });
      if (!v.json)
        for (const x of p.previews)
          io.stdout(`----- ${x.handover_id} → refs/butler/handover:${x.path}\n${x.text}----- ${s.end(x.handover_id)}\n\n`);
      const data = {
        previews: p.previews,
        held: p.held,
        allowed: p.allowed !== null,
        ...(p.allowed ? { allowed_at: p.allowed.allowed_at } : {}),
      };
      if (p.allowed) return ok(s.since(p.allowed.allowed_at), data);
      // The OK is a person's (src/cli/person.ts): a terminal, no agent client above this process, a yes.
      const consent = await personConsents(io, s.ask(p.held.length), t);
      // No person to ask (no terminal, or an agent above): need input, exit 3, as every person-only verb (person.ts).
      if (!consent.given && consent.code === EXIT.need_input) return needInput(s.refused(consent.why), data);
      if (!consent.given) throw new ButlerError('policy_blocked', s.refused(consent.why), s.refusedHint, data);
      const who = await h.git(root, ['config', 'user.email']).catch(() => null);
      const { file, outcome } = await allowSharing(h, who?.exitCode === 0 ? who.stdout.trim().slice(0, 200) : '');
      const shared = outcome === null ? [] : outcome.shared ? outcome.published : (outcome.published ?? []);
      const failed = outcome && !outcome.shared ? s.notYet(outcome.reason) : '';
      return ok(`${s.allowed(file)}${shared.length ? s.shared(shared.join(', ')) : ''}${failed}`, {
        ...data,
        allowed: true,
        shared,
      });
    },
  );
}
