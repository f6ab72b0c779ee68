/** Shared scaffolding of the differential tests (planner, index maintenance) against a plain mingo scan. */

export type Doc = Record<string, unknown>;

/** Small deterministic PRNG so failures reproduce. */
export function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

/** Picks an element of `xs` with the random source `r`. */
export function picker(r: () => number) {
  return <T>(xs: T[]): T => xs[Math.floor(r() * xs.length)] as T;
}

/** Mixed-type field values: numbers, strings, dates, booleans, null and arrays. */
export const MIXED_VALUES: unknown[] = [
  null,
  0,
  1,
  2,
  2.5,
  -3,
  'a',
  'b',
  'ab',
  new Date(0),
  new Date(1000),
  true,
  [1, 2],
  ['a'],
];

/**
 * Timeout for tests that run thousands of randomized operations: a few seconds alone, several
 * times that when the machine is busy. Generous, so that the outcome never depends on its speed.
 */
export const HEAVY_TEST_TIMEOUT_MS = 120_000;
