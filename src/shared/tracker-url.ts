// The one rule for a tracker URL (docs/decisions.md D34 trust): the config reader checks `issues.url`
// with it, `butler issue approve-url` refuses what it refuses, and the backends build their API root
// only from a URL it accepts. A token must never go where the rule says no, so nothing may approve it.

/** localhost, 127.0.0.0/8 and ::1: the only hosts plain http may carry a token to. */
export function isLoopback(url: URL): boolean {
  const h = url.hostname.toLowerCase();
  return h === 'localhost' || h === '[::1]' || /^127(\.\d{1,3}){3}$/.test(h);
}

export type TrackerUrlProblem = 'invalid' | 'scheme' | 'credentials' | 'http';

/** What is wrong with a tracker URL, or null: https, or http only to this machine; no credentials. */
export function trackerUrlProblem(raw: string): TrackerUrlProblem | null {
  // URL parsing drops or encodes a control character, but the raw text is what a person is shown and approves.
  if (!URL.canParse(raw) || /[\x00-\x1f\x7f]/.test(raw)) return 'invalid';
  const url = new URL(raw);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'scheme';
  if (url.username || url.password) return 'credentials';
  return url.protocol === 'http:' && !isLoopback(url) ? 'http' : null;
}

/** The rule in words, for the config error and approve-url's refusal. */
export const TRACKER_URL_RULE = 'an https URL without credentials (plain http only to localhost)';
