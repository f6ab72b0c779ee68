import { open, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CatalogMirror } from './catalog-mirror.js';
import { countFramesAfter, keepDamagedJournal } from './damaged-tail.js';
import { journalName, listDbFiles, removeQuietly, snapshotName } from './db-files.js';
import { readFrameFile } from './frame-file-reader.js';
import { decodeBatch } from './record-codec.js';
import type { RecoveryReport } from './records.js';
import { readSnapshotFile } from './snapshot.js';

export type Recovered = {
  mirror: CatalogMirror;
  /** Generation of the journal to keep appending to (created by the caller if absent). */
  generation: number;
  snapshotBytes: number;
  report: RecoveryReport;
};

async function sizeOf(path: string): Promise<number> {
  return (await stat(path).catch(() => null))?.size ?? 0;
}

/** Cuts a torn or corrupt tail off a journal, durably, so new frames follow the last good one. */
async function truncateJournal(path: string, validBytes: number): Promise<void> {
  const handle = await open(path, 'r+');
  try {
    await handle.truncate(validBytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Rebuilds the state from `dbPath`: newest readable snapshot, then every journal from its generation
 * on. A bad frame is acceptable only at the end of the journal history (a write torn by a crash: it
 * was never acknowledged, since acknowledgement follows fdatasync); it is cut off (see damaged-tail.ts
 * for intact frames after it). A bad journal followed by a later journal holding data is real
 * corruption: opening fails rather than replaying a history with a hole in it.
 */
export async function recover(dbPath: string): Promise<Recovered> {
  const started = performance.now();
  const files = await listDbFiles(dbPath);
  await removeQuietly(dbPath, files.temporaries); // snapshots whose writer crashed before the rename

  let mirror = new CatalogMirror();
  let snapshotGeneration: number | null = null;
  const failures: string[] = [];
  for (const gen of [...files.snapshots].reverse()) {
    try {
      mirror = await readSnapshotFile(join(dbPath, snapshotName(gen)));
      snapshotGeneration = gen;
      break;
    } catch (error) {
      failures.push(error instanceof Error ? error.message : String(error));
    }
  }
  const base = snapshotGeneration ?? files.journals[0] ?? 1;
  const journals = files.journals.filter((gen) => gen >= base);
  if (snapshotGeneration === null && files.snapshots.length > 0) {
    // A snapshot exists but none is readable: journals before it were deleted, so replaying what is
    // left would produce a state missing older data. Refuse rather than start half-empty.
    throw new Error(`cannot recover ${dbPath}: no readable snapshot (${failures.join('; ')})`);
  }
  journals.forEach((gen, i) => {
    if (gen !== base + i) throw new Error(`cannot recover ${dbPath}: ${journalName(base + i)} is missing`);
  });

  const report: RecoveryReport = {
    snapshotGeneration,
    journalsReplayed: 0,
    framesReplayed: 0,
    recordsReplayed: 0,
    truncatedBytes: 0,
    damagedJournalCopy: null,
    durationMs: 0,
  };
  for (const [i, gen] of journals.entries()) {
    const path = join(dbPath, journalName(gen));
    const result = await readFrameFile(path, (payload, end) => {
      try {
        report.recordsReplayed += decodeBatch(payload, (rec) => mirror.apply(rec));
      } catch (error) {
        // The checksum matched, so these are the bytes that were written: a format bug, not a crash.
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(
          `cannot recover ${dbPath}: undecodable frame ending at ${end} in ${journalName(gen)}: ${reason}`,
        );
      }
      report.framesReplayed += 1;
    });
    report.journalsReplayed += 1;
    if (!result.problem) continue;
    const later = journals.slice(i + 1).map((g) => join(dbPath, journalName(g)));
    const laterBytes = (await Promise.all(later.map(sizeOf))).reduce((a, b) => a + b, 0);
    if (laterBytes > 0) {
      throw new Error(
        `cannot recover ${dbPath}: ${journalName(gen)} is corrupt at offset ${result.problem.offset} ` +
          `(${result.problem.reason}) and later journals hold data`,
      );
    }
    report.truncatedBytes += result.fileBytes - result.validBytes;
    if ((await countFramesAfter(path, result.problem.offset)) > 0) {
      report.damagedJournalCopy = await keepDamagedJournal(path);
    }
    await truncateJournal(path, result.validBytes);
  }

  // Files older than the snapshot in use are leftovers of a compaction that crashed before cleanup.
  await removeQuietly(dbPath, [
    ...files.snapshots.filter((gen) => gen < base).map(snapshotName),
    ...files.journals.filter((gen) => gen < base).map(journalName),
  ]);
  report.durationMs = performance.now() - started;
  const snapshotBytes =
    snapshotGeneration === null ? 0 : await sizeOf(join(dbPath, snapshotName(snapshotGeneration)));
  return { mirror, generation: journals.at(-1) ?? base, snapshotBytes, report };
}
