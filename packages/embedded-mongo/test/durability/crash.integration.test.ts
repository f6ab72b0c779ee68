import { deserialize } from 'bson';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, expect, test } from 'vitest';
import { DbPathLockedError, openDurableStore } from '../../src/persistence/index.js';
import type { CrashWriterOptions } from './crash-writer.js';
import { makeDbPath } from './helpers.js';

const script = fileURLToPath(new URL('./crash-writer.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

type RunResult = { acked: Map<number, number>; compactions: number; lockChecked: boolean };

/**
 * Runs the writer until it has acknowledged something, lets it go on for a random while, then
 * SIGKILLs it. `node --import tsx` rather than the tsx CLI: the CLI runs the script in a grandchild
 * process that a SIGKILL of the CLI would not reach.
 */
async function runAndKill(
  dbPath: string,
  options: CrashWriterOptions,
  checkLock: boolean,
): Promise<RunResult> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dbPath, JSON.stringify(options)], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const result: RunResult = { acked: new Map(), compactions: 0, lockChecked: false };
  let firstAck: () => void = () => undefined;
  const acking = new Promise<void>((resolve) => (firstAck = resolve));
  let partial = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk: string) => {
    const lines = (partial + chunk).split('\n');
    partial = lines.pop() ?? ''; // an unfinished line is not counted
    for (const line of lines) {
      const [kind, a, b] = line.split(' ');
      if (kind === 'ack') {
        result.acked.set(Number(a), Math.max(result.acked.get(Number(a)) ?? 0, Number(b)));
        firstAck();
      }
      if (kind === 'compacted') result.compactions += 1;
    }
  });
  await Promise.race([acking, exited]);
  if (checkLock) {
    await expect(openDurableStore({ dbPath })).rejects.toThrow(DbPathLockedError);
    result.lockChecked = true;
  }
  await new Promise((resolve) => setTimeout(resolve, 200 + Math.random() * 1300));
  child.kill('SIGKILL');
  await exited; // reaped: its pid is dead, so its lock file is now stale
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

test('SIGKILL at random moments: every acknowledged write survives, batches stay whole', async () => {
  const { dbPath, cleanup } = await makeDbPath('crash');
  cleanups.push(cleanup);
  const allAcked = new Map<number, number>();
  const runs: CrashWriterOptions[] = [
    { workers: 16, groupCommitMs: 100, compactLoop: false, padBytes: 200 },
    { workers: 16, groupCommitMs: 2, compactLoop: false, padBytes: 200 },
    { workers: 1, groupCommitMs: 0, compactLoop: false, padBytes: 50 },
  ];
  for (const [i, options] of runs.entries()) {
    const { acked } = await runAndKill(dbPath, options, i === 0);
    expect(acked.size).toBeGreaterThan(0);
    for (const [w, n] of acked) allAcked.set(w, Math.max(allAcked.get(w) ?? 0, n));
    await verify(dbPath, allAcked);
  }
});

test('SIGKILL while compactions run back to back: nothing acknowledged is lost', async () => {
  const { dbPath, cleanup } = await makeDbPath('crash-compact');
  cleanups.push(cleanup);
  const allAcked = new Map<number, number>();
  let compactions = 0;
  for (let run = 0; run < 3; run++) {
    const result = await runAndKill(
      dbPath,
      { workers: 8, groupCommitMs: 5, compactLoop: true, padBytes: 500 },
      false,
    );
    compactions += result.compactions;
    for (const [w, n] of result.acked) allAcked.set(w, Math.max(allAcked.get(w) ?? 0, n));
    expect(await verify(dbPath, allAcked)).toBeGreaterThan(0);
  }
  expect(compactions).toBeGreaterThan(3);
});
