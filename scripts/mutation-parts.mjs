// The parts of `npm run mutate` (scripts/mutate.mjs, issue #27): the source each mutates and the test
// files that run against its mutants. Tests that only spawn the built bundles are left out: Stryker
// switches mutants inside the test process, so they cannot see one (the sh + awk pre-filter has its own
// hand-made mutants in test/hooks/pre-filter-mutants.test.ts).
/** @type {Record<string, { mutate: string[]; tests: string[] }>} */
export const MUTATION_PARTS = {
  trust: {
    mutate: [
      'src/issues/trust.ts',
      'src/shared/redact.ts',
      'src/shared/no-links.ts',
      'src/shared/paths.ts',
      'src/shared/lock.ts',
      'src/shared/tracker-url.ts',
    ],
    tests: [
      'test/issues/trust.test.ts',
      'test/issues/trust-rules.test.ts',
      'test/issues/redaction.test.ts',
      'test/shared/*.test.ts',
      'test/mutation/trust*.test.ts',
    ],
  },
  // The decision and the settings' trust (stricter of work tree and HEAD, fall back to block), the
  // fast path and the hook logic; the rest of the guard is in the next two parts.
  guard: {
    mutate: ['src/guard/decide.ts', 'src/guard/evaluate.ts', 'src/guard/config.ts', 'src/guard/quick.ts', 'src/hooks/pre-tool-use.ts'],
    tests: [
      'test/guard/decide.test.ts',
      'test/guard/config.test.ts',
      'test/guard/corpus.test.ts',
      'test/guard/other-repository.test.ts',
      'test/hooks/pre-tool-use.test.ts',
      'test/hooks/pre-tool-use-rules.test.ts',
      'test/hooks/config-deadline.test.ts',
      'test/guard/person.test.ts',
      'test/guard/evaluate-rules.test.ts',
      'test/guard/quick-rules.test.ts',
      'test/mutation/guard*.test.ts',
    ],
  },
  'guard-more': {
    mutate: ['src/guard/settings.ts', 'src/guard/butler-cli.ts', 'src/guard/git.ts', 'src/guard/protected.ts'],
    tests: [
      'test/guard/protected-rules.test.ts',
      'test/guard/protected-git.test.ts',
      'test/guard/settings-rules.test.ts',
      'test/guard/git-call-rules.test.ts',
      'test/guard/decide.test.ts',
      'test/guard/config.test.ts',
      'test/guard/person.test.ts',
      'test/guard/corpus.test.ts',
      'test/guard/other-repository.test.ts',
      'test/work/guard-policy.test.ts',
    ],
  },
  'guard-parser': {
    mutate: [
      'src/guard/lexer.ts',
      'src/guard/parser.ts',
      'src/guard/scan.ts',
      'src/guard/resolve.ts',
      'src/guard/wrapper-spec.ts',
      'src/guard/wrappers.ts',
      'src/guard/wrappers-more.ts',
      'src/guard/types.ts',
      'src/guard/names.ts',
    ],
    tests: [
      'test/guard/corpus.test.ts',
      'test/guard/decide.test.ts',
      'test/guard/other-repository.test.ts',
      'test/hooks/pre-tool-use.test.ts',
      'test/guard/resolve-rules.test.ts',
      'test/guard/names-rules.test.ts',
      'test/guard/lexer-rules.test.ts',
      'test/guard/resolve-more-rules.test.ts',
      'test/guard/parser-rules.test.ts',
      'test/guard/scan-rules.test.ts',
      'test/guard/wrappers-rules.test.ts',
      'test/guard/wrappers-more-rules.test.ts',
    ],
  },
  share: {
    mutate: ['src/handover/share*.ts'],
    tests: [
      'test/handover/share*.test.ts',
      'test/handover/hostile-clone.test.ts',
      'test/mcp/handover-share.test.ts',
      'test/mutation/share*.test.ts',
    ],
  },
};

// BUTLER_MUTATE_FILES / BUTLER_MUTATE_TESTS (comma-separated globs) narrow a part to some of its files
// and tests on a busy machine; MUTATION.md says which runs were narrowed.
const narrowed = (value, all) => (value ? value.split(',').filter(Boolean) : all);

export const mutationPart = (name = process.env.BUTLER_MUTATE_PART ?? 'trust') => {
  const part = MUTATION_PARTS[name];
  if (!part) throw new Error(`unknown mutation part ${name}: ${Object.keys(MUTATION_PARTS).join(', ')}`);
  return { mutate: narrowed(process.env.BUTLER_MUTATE_FILES, part.mutate), tests: narrowed(process.env.BUTLER_MUTATE_TESTS, part.tests) };
};
