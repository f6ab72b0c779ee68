import { Binary, deserialize, serialize } from 'bson';
import type { Document } from 'bson';
import type { ChangeRecord, IndexSpec } from './records.js';

/**
 * The form records take inside the store: documents stay BSON bytes (no deserialize/serialize round
 * trip during replay or snapshots) and `_id` values become a string key, so the catalog mirror can
 * keep them in a Map. The key is the BSON encoding of `{ _id }` read as latin1: equal BSON values
 * give equal keys. (The engine must send a `del` with the same `_id` value, type included, that it
 * sent in the `put` — it naturally does, taking it from the stored document.)
 */
export type StoredRecord =
  | { t: 'put'; db: string; coll: string; key: string; doc: Buffer }
  | { t: 'del'; db: string; coll: string; key: string }
  | { t: 'createCollection'; db: string; coll: string; options: Document }
  | { t: 'dropCollection'; db: string; coll: string }
  | { t: 'createIndex'; db: string; coll: string; spec: IndexSpec }
  | { t: 'dropIndex'; db: string; coll: string; name: string }
  | { t: 'dropDatabase'; db: string };

/** Binary fields come back as Node Buffers that are views into the frame: copy what is kept. */
const DESERIALIZE_OPTIONS = { promoteBuffers: true } as const;

export function idKeyBytes(id: unknown): Buffer {
  return asNodeBuffer(serialize({ _id: id }));
}

function binary(bytes: Uint8Array): Binary {
  return new Binary(bytes, Binary.SUBTYPE_DEFAULT);
}

function asNodeBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * Encodes one commit batch as the BSON payload of one journal frame, `{ r: [record, ...] }`, and
 * returns the same records in stored form, so the commit path never re-parses its own bytes.
 */
export function encodeBatch(records: readonly ChangeRecord[]): { payload: Buffer; stored: StoredRecord[] } {
  const stored: StoredRecord[] = [];
  const r = records.map((rec): Document => {
    switch (rec.t) {
      case 'put': {
        const key = idKeyBytes(rec.id);
        const doc = asNodeBuffer(serialize(rec.doc));
        stored.push({ t: 'put', db: rec.db, coll: rec.coll, key: key.toString('latin1'), doc });
        return { t: 'put', db: rec.db, coll: rec.coll, k: binary(key), d: binary(doc) };
      }
      case 'del': {
        const key = idKeyBytes(rec.id);
        stored.push({ t: 'del', db: rec.db, coll: rec.coll, key: key.toString('latin1') });
        return { t: 'del', db: rec.db, coll: rec.coll, k: binary(key) };
      }
      default:
        // Specs and options are small and rare: round-trip them through BSON so the mirror holds a
        // private copy, typed exactly as a replay would produce it.
        stored.push(decodeRecord(deserialize(serialize(rec), DESERIALIZE_OPTIONS)));
        return rec;
    }
  });
  return { payload: asNodeBuffer(serialize({ r })), stored };
}

function asString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`journal record: field ${field} is not a string`);
  return value;
}

function asBuffer(value: unknown, field: string): Buffer {
  if (!Buffer.isBuffer(value)) throw new Error(`journal record: field ${field} is not binary`);
  return value;
}

function asDocument(value: unknown, field: string): Document {
  if (typeof value !== 'object' || value === null) throw new Error(`journal record: field ${field} is not a document`);
  return value;
}

export function decodeRecord(raw: Document): StoredRecord {
  const t = asString(raw.t, 't');
  const db = asString(raw.db, 'db');
  switch (t) {
    case 'put':
      return {
        t,
        db,
        coll: asString(raw.coll, 'coll'),
        key: asBuffer(raw.k, 'k').toString('latin1'),
        doc: Buffer.from(asBuffer(raw.d, 'd')),
      };
    case 'del':
      return { t, db, coll: asString(raw.coll, 'coll'), key: asBuffer(raw.k, 'k').toString('latin1') };
    case 'createCollection':
      return { t, db, coll: asString(raw.coll, 'coll'), options: asDocument(raw.options, 'options') };
    case 'dropCollection':
      return { t, db, coll: asString(raw.coll, 'coll') };
    case 'createIndex':
      return { t, db, coll: asString(raw.coll, 'coll'), spec: asDocument(raw.spec, 'spec') as IndexSpec };
    case 'dropIndex':
      return { t, db, coll: asString(raw.coll, 'coll'), name: asString(raw.name, 'name') };
    case 'dropDatabase':
      return { t, db };
    default:
      throw new Error(`journal record: unknown type ${t}`);
  }
}

/** Decodes a frame payload written by encodeBatch, calling `onRecord` for each record in order. */
export function decodeBatch(payload: Buffer, onRecord: (record: StoredRecord) => void): number {
  const batch = deserialize(payload, DESERIALIZE_OPTIONS);
  if (!Array.isArray(batch.r)) throw new Error('journal frame: missing record array');
  for (const raw of batch.r as unknown[]) onRecord(decodeRecord(asDocument(raw, 'r[]')));
  return batch.r.length;
}

