import { deserialize } from 'bson';
import type { Document } from 'bson';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecoveredCatalog } from '../../src/persistence/index.js';

/** A fresh temporary dbPath, and its removal. */
export async function makeDbPath(label: string): Promise<{ dbPath: string; cleanup: () => Promise<void> }> {
  const dbPath = await mkdtemp(join(tmpdir(), `fw-durability-${label}-`));
  return { dbPath, cleanup: () => rm(dbPath, { recursive: true, force: true }) };
}

/** The documents of one collection, deserialized and keyed by String(_id). */
export function docsOf(state: RecoveredCatalog, db: string, coll: string): Map<string, Document> {
  const out = new Map<string, Document>();
  const collection = state.get(db)?.get(coll);
  if (!collection) return out;
  for (const bytes of collection.documents) {
    const doc = deserialize(bytes);
    out.set(String(doc._id), doc);
  }
  return out;
}

export const journalFile = (dbPath: string, gen: number): string =>
  join(dbPath, `journal-${String(gen).padStart(12, '0')}.log`);

export const snapshotFile = (dbPath: string, gen: number): string =>
  join(dbPath, `snapshot-${String(gen).padStart(12, '0')}.bson`);
