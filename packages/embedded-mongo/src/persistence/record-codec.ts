import { deserialize, serialize } from 'bson';
import type { Document } from 'bson';
import type { ChangeRecord, IndexSpec } from './records.js';
import { FRAME_HEADER_BYTES, allocFrame, sealFrame } from './frame.js';

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

/**
 * Frame payload = the batch's records back to back, each a BSON header document; a `put` header is
 * followed by the BSON of `{ _id }` (the key) and the BSON of the document, a `del` header by the
 * key. Every piece is a self-delimiting BSON document, none is bigger than the document itself, so
 * batches of any size (a big insertMany) stay clear of the bson package's 17 MB serialize buffer,
 * and the document bytes are copied as-is, never re-encoded.
 */
function asNodeBuffer(bytes: Uint8Array): Buffer {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

function idKeyBytes(id: unknown): Buffer {
  return asNodeBuffer(serialize({ _id: id }));
}

/**
 * The header `{t, db, coll}` of a put or del, encoded once per collection: a submit journals six
 * records, each header an encode of the same three strings as the submit before. Bounded, since a
 * client may write to any number of collections.
 */
const headers = new Map<string, Buffer>();
const MAX_HEADERS = 1_000;

function recordHeader(t: 'put' | 'del', db: string, coll: string): Buffer {
  const name = `${t}\0${db}\0${coll}`;
  let bytes = headers.get(name);
  if (!bytes) {
    if (headers.size >= MAX_HEADERS) headers.clear();
    bytes = asNodeBuffer(serialize({ t, db, coll }));
    headers.set(name, bytes);
  }
  return bytes;
}

/**
 * Encodes one commit batch as one journal frame (see frame.ts), its payload written in place, and
 * returns the records in stored form too. A stored `put` holds a view of the bytes it was given,
 * valid only until the caller's next change: the catalog mirror copies what it keeps as it applies
 * the record.
 */
export function encodeBatch(records: readonly ChangeRecord[]): { frame: Buffer; stored: StoredRecord[] } {
  const parts: Buffer[] = [];
  const stored: StoredRecord[] = [];
  for (const rec of records) {
    if (rec.t === 'put' || rec.t === 'del') {
      const key = idKeyBytes(rec.id);
      parts.push(recordHeader(rec.t, rec.db, rec.coll), key);
      if (rec.t === 'put') {
        const doc = rec.bytes ? asNodeBuffer(rec.bytes) : asNodeBuffer(serialize(rec.doc));
        parts.push(doc);
        stored.push({ t: 'put', db: rec.db, coll: rec.coll, key: key.toString('latin1'), doc });
      } else {
        stored.push({ t: 'del', db: rec.db, coll: rec.coll, key: key.toString('latin1') });
      }
    } else {
      const bytes = asNodeBuffer(serialize(rec));
      parts.push(bytes);
      // Specs and options are small and rare: decoding our own bytes gives the mirror a private
      // copy, typed exactly as a replay would produce it.
      stored.push(decodeMeta(deserialize(bytes)));
    }
  }
  const frame = allocFrame(parts.reduce((n, part) => n + part.length, 0));
  let p = FRAME_HEADER_BYTES;
  for (const part of parts) {
    frame.set(part, p);
    p += part.length;
  }
  return { frame: sealFrame(frame), stored };
}

/** The BSON document starting at `pos` (a view), checked against the payload's bounds. */
export function bsonAt(payload: Buffer, pos: number): Buffer {
  const length = pos + 4 <= payload.length ? payload.readInt32LE(pos) : -1;
  if (length < 5 || pos + length > payload.length)
    throw new Error(`journal frame: bad BSON length at ${pos}`);
  return payload.subarray(pos, pos + length);
}

function asString(value: unknown, field: string): string {
  if (typeof value !== 'string') throw new Error(`journal record: field ${field} is not a string`);
  return value;
}

function asDocument(value: unknown, field: string): Document {
  if (typeof value !== 'object' || value === null)
    throw new Error(`journal record: field ${field} is not a document`);
  return value;
}

/** Records other than put/del, whose header is the whole record. */
function decodeMeta(raw: Document): StoredRecord {
  const t = asString(raw.t, 't');
  const db = asString(raw.db, 'db');
  switch (t) {
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

/** Decodes a payload written by encodeBatch, calling `onRecord` for each record in order. */
export function decodeBatch(payload: Buffer, onRecord: (record: StoredRecord) => void): number {
  let pos = 0;
  let count = 0;
  while (pos < payload.length) {
    const headerBytes = bsonAt(payload, pos);
    pos += headerBytes.length;
    const header = deserialize(headerBytes);
    if (header.t === 'put' || header.t === 'del') {
      const db = asString(header.db, 'db');
      const coll = asString(header.coll, 'coll');
      const keyBytes = bsonAt(payload, pos);
      pos += keyBytes.length;
      const key = keyBytes.toString('latin1');
      if (header.t === 'del') {
        onRecord({ t: 'del', db, coll, key });
      } else {
        const docBytes = bsonAt(payload, pos);
        pos += docBytes.length;
        // A view into the read buffer: the mirror copies what it keeps, so nothing pins the buffer.
        onRecord({ t: 'put', db, coll, key, doc: docBytes });
      }
    } else {
      onRecord(decodeMeta(header));
    }
    count += 1;
  }
  return count;
}
