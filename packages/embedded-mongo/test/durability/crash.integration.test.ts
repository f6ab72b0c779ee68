import { deserialize } from 'bson';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { DbPathLockedError, openDurableStore } from '../../src/persistence/index.js';
import type { CrashWriterOptions } from './crash-writer.js';
import { makeDbPath } from './helpers.js';
import { runAndKillWriter } from './kill-writer.js';

const script = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));

// Three child processes each (tsx start-up, writing, recovery): slow on a busy machine.
const CRASH_TEST_TIMEOUT_MS = 180_000;

type RunResult = { acked: Map<number, number>; compactions: number; lockChecked: boolean };

/** Runs the writer until it has acknowledged something, then SIGKILLs it at a random moment. */
async function runAndKill(
  dbPath: string,
  options: CrashWriterOptions,
  before: { checkLock?: boolean; compactions?: number } = {},
): Promise<RunResult> {
  const result: RunResult = { acked: new Map(), compactions: 0, lockChecked: false };
  // Kill only after this many compactions: how many fit in a fixed time depends on machine load.
  let compacted: () => void = () => undefined;
  const enoughCompactions = new Promise<void>((resolve) => (compacted = resolve));
  if (!before.compactions) compacted();
  await runAndKillWriter({
    script,
    args: [dbPath, JSON.stringify(options)],
    onLine: ([kind, a, b]) => {
      if (kind === 'ack') result.acked.set(Number(a), Math.max(result.acked.get(Number(a)) ?? 0, Number(b)));
      if (kind === 'compacted') result.compactions += 1;
      if (result.compactions >= (before.compactions ?? 0)) compacted();
    },
    afterFirstAck: async () => {
      if (before.checkLock) {
        await expect(openDurableStore({ dbPath })).rejects.toThrow(DbPathLockedError);
        result.lockChecked = true;
      }
      await enoughCompactions;
    },
    minMs: 200,
    spreadMs: 1300,
  });
  return result;
}

/** Reopens and checks every acknowledged batch is there, whole, and nothing else is broken. */
async function verify(dbPath: string, acked: Map<number, number>): Promise<number> {
  const store = await openDurableStore({ dbPath });
  try {
    const counters = new Map<number, number>();
    for (const bytes of store.state.get('crash')?.get('counters')?.documents ?? []) {
      const { w, n } = deserialize(bytes) as { w: number; n: number };
      counters.set(w, n);
    }
    const present = new Set<string>();
    for (const bytes of store.state.get('crash')?.get('docs')?.documents ?? []) {
      const doc = deserialize(bytes) as { _id: string; w: number; n: number };
      present.add(doc._id);
      // Batch atomicity: no document newer than its worker's counter (they share a frame).
      expect(doc.n).toBeLessThanOrEqual(counters.get(doc.w) ?? 0);
    }
    for (const [w, lastAcked] of acked) {
      const counter = counters.get(w) ?? 0;
      expect(counter).toBeGreaterThanOrEqual(lastAcked); // every acknowledged commit survived
      // Every batch up to the counter is whole: its document exists unless a later batch deleted it.
      for (let n = Math.max(1, counter - 50); n <= counter; n++) {
        const deletedBy = n + 3;
        const shouldExist = !(deletedBy % 5 === 0 && deletedBy <= counter);
        expect(present.has(`w${w}-${n}`), `w${w}-${n} (counter ${counter})`).toBe(shouldExist);
      }
    }
    return present.size;
  } finally {
    await store.close();
  }
}

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

test(
  'SIGKILL at random moments: every acknowledged write survives, batches stay whole',
  async () => {
    const { dbPath, cleanup } = await makeDbPath('crash');
    cleanups.push(cleanup);
    const allAcked = new Map<number, number>();
    const runs: CrashWriterOptions[] = [
      { workers: 16, groupCommitMs: 100, compactLoop: false, padBytes: 200 },
      { workers: 16, groupCommitMs: 2, compactLoop: false, padBytes: 200 },
      { workers: 1, groupCommitMs: 0, compactLoop: false, padBytes: 50 },
    ];
    for (const [i, options] of runs.entries()) {
      const { acked } = await runAndKill(dbPath, options, { checkLock: i === 0 });
      expect(acked.size).toBeGreaterThan(0);
      for (const [w, n] of acked) allAcked.set(w, Math.max(allAcked.get(w) ?? 0, n));
      await verify(dbPath, allAcked);
    }
  },
  CRASH_TEST_TIMEOUT_MS,
);

test(
  'SIGKILL while compactions run back to back: nothing acknowledged is lost',
  async () => {
    const { dbPath, cleanup } = await makeDbPath('crash-compact');
    cleanups.push(cleanup);
    const allAcked = new Map<number, number>();
    let compactions = 0;
    for (let run = 0; run < 3; run++) {
      const result = await runAndKill(
        dbPath,
        { workers: 8, groupCommitMs: 5, compactLoop: true, padBytes: 500 },
        { compactions: 2 },
      );
      compactions += result.compactions;
      for (const [w, n] of result.acked) allAcked.set(w, Math.max(allAcked.get(w) ?? 0, n));
      expect(await verify(dbPath, allAcked)).toBeGreaterThan(0);
    }
    expect(compactions).toBeGreaterThan(3);
  },
  CRASH_TEST_TIMEOUT_MS,
);
