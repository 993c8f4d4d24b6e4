// Which candidate issues are closed, for resume and accept (a closed issue's snapshots are not offered as work).
import type { HandoverContext } from './context.js';
import type { IndexEntry } from './store.js';

/** A slow tracker must not hold a resume up: past this, an issue counts as open. */
const ISSUE_STATE_WAIT_MS = 3000;

/** Issues among the candidates that the tracker says are closed; an unreadable or slow one counts as open. */
export async function closedAmong(ctx: HandoverContext, entries: readonly IndexEntry[]): Promise<Set<number>> {
  const ids = [...new Set(entries.map((e) => e.issue_id).filter((i): i is number => i !== null))];
  const closed = new Set<number>();
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ISSUE_STATE_WAIT_MS);
    timer.unref();
  });
  const reads = Promise.all(
    ids.map((id) =>
      ctx.readIssue(id).then(
        (i) => i.state === 'closed' && closed.add(id),
        () => undefined,
      ),
    ),
  );
  await Promise.race([reads, giveUp]);
  clearTimeout(timer);
  return new Set(closed);
}
