// Types of scripts/mutation-parts.mjs, for vitest.mutate.config.ts.
export interface MutationPart {
  mutate: string[];
  tests: string[];
}
export declare const MUTATION_PARTS: Record<string, MutationPart>;
export declare function mutationPart(name?: string): MutationPart;
