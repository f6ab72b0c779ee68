/** One pass of a rebuild: its result, or `moved` when a write landed during its scan. */
export type TRebuildPass<T> = { moved: false; result: T } | { moved: true };

/**
 * The retry of a rebuild that writes with a compare-and-set on versions read before its scan
 * (the form's counts, its analytics counters): a pass whose compare-and-set met a version moved by
 * traffic during the scan is done again from a fresh read, up to `attempts` passes (10 unless a
 * test asks for fewer: enough to get past a burst of submissions). Then it
 * throws: the form is too busy to rebuild now, and the error says which form and what was tried.
 */
export async function rebuildUntilUnmoved<T>({
  attempts = 10,
  pass,
  failure,
}: {
  attempts?: number | undefined;
  pass: () => Promise<TRebuildPass<T>>;
  /** The thrown error's text, given the number of attempts. */
  failure: (attempts: number) => string;
}): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const done = await pass();
    if (!done.moved) {
      return done.result;
    }
  }
  throw new Error(failure(attempts));
}
