// The one rule for a tracker URL (src/shared/tracker-url.ts, docs/decisions.md D34), case by case with
// fixed answers: a token goes only to https without credentials, or plain http to this machine.
import { describe, expect, it } from 'vitest';
import { isLoopback, TRACKER_URL_RULE, trackerUrlProblem } from '../../src/shared/tracker-url.js';

describe('trackerUrlProblem', () => {
  it.each([
    ['https://tracker.example.com/api/v1', null],
    ['https://tracker.example.com', null],
    ['HTTPS://Tracker.Example.com/', null],
    ['http://localhost:3000/api', null],
    ['http://LOCALHOST/', null],
    ['http://127.0.0.1:8080/', null],
    ['http://127.100.200.255/', null],
    ['http://127.1/', null],
    ['http://[::1]:3000/', null],
    ['http://[0:0:0:0:0:0:0:1]/', null],
  ])('%s has no problem', (url, want) => {
    expect(trackerUrlProblem(url)).toBe(want);
  });

  it.each([
    // Credentials of any kind, on any scheme that would otherwise pass.
    ['https://user:pass@tracker.example.com/', 'credentials'],
    ['https://user@tracker.example.com/', 'credentials'],
    ['https://:pass@tracker.example.com/', 'credentials'],
    ['https://token:x-oauth@github.example.com/api/v3', 'credentials'],
    ['http://user:pass@localhost/', 'credentials'],
    ['http://:secret@127.0.0.1/', 'credentials'],
    // Plain http anywhere but this machine.
    ['http://tracker.example.com/', 'http'],
    ['http://10.0.0.1/', 'http'],
    ['http://128.0.0.1/', 'http'],
    ['http://localhost.example.com/', 'http'],
    ['http://127.0.0.1.example.com/', 'http'],
    ['http://mylocalhost/', 'http'],
    ['http://[::2]/', 'http'],
    ['http://0.0.0.0/', 'http'],
    // Not http at all, or not a URL.
    ['ftp://tracker.example.com/', 'scheme'],
    ['file:///etc/passwd', 'scheme'],
    ['javascript:alert(1)', 'scheme'],
    ['ssh://git@tracker.example.com/', 'scheme'],
    ['https:', 'invalid'],
    ['tracker.example.com', 'invalid'],
    ['', 'invalid'],
    ['https://exa mple.com/', 'invalid'],
  ])('%s: %s', (url, want) => {
    expect(trackerUrlProblem(url)).toBe(want);
  });

  it('credentials are named before the scheme is judged for http', () => {
    // Both wrong: the credential is the worse one (it would be written into a committed file).
    expect(trackerUrlProblem('http://user:pass@tracker.example.com/')).toBe('credentials');
  });
});

describe('isLoopback', () => {
  it.each([
    ['http://localhost/', true],
    ['http://127.0.0.1/', true],
    ['http://127.255.255.255/', true],
    ['http://127.0.0.10/', true],
    ['http://127.10.100.1/', true],
    ['http://[::1]/', true],
    ['http://localhost.evil.com/', false],
    ['http://evil-localhost/', false],
    ['http://127.0.0.1.evil.com/', false],
    ['http://[::ffff:7f00:1]/', false],
    ['http://192.168.1.1/', false],
    ['http://example.com/', false],
  ])('%s: %s', (url, want) => {
    expect(isLoopback(new URL(url))).toBe(want);
  });

  it('compares the host name case-blind', () => {
    // A URL object lowers the host itself; a hand-made one (as a test double would be) may not.
    const url = { hostname: 'LocalHost' } as URL;
    expect(isLoopback(url)).toBe(true);
  });

  it('a host name that only ends in a loopback address is not loopback', () => {
    // A URL object refuses such a name; the rule itself must too (it is exported for any hand-made URL).
    expect(isLoopback({ hostname: 'evil127.0.0.1' } as URL)).toBe(false);
    expect(isLoopback({ hostname: 'x.127.0.0.1' } as URL)).toBe(false);
  });
});

describe('the rule in words', () => {
  it('says https, no credentials, http only to localhost', () => {
    expect(TRACKER_URL_RULE).toBe('an https URL without credentials (plain http only to localhost)');
  });
});
