import type { Long } from 'bson';

import { namedElement } from '../bson/named-element.js';

type Doc = Record<string, unknown>;

/** A located value in a stored document: its BSON type byte, where the value starts and its length. */
type Slot = { type: number; at: number; length: number };

const DOUBLE = 0x01;
const OBJECT = 0x03;
const ARRAY = 0x04;
const OBJECT_ID = 0x07;
const BOOL = 0x08;
const DATE = 0x09;
const INT32 = 0x10;
const INT64 = 0x12;

const INT32_MIN = -(2 ** 31);
const INT32_MAX = 2 ** 31 - 1;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/**
 * The modifiers this path knows; any other one takes the general path. `$setOnInsert` does nothing
 * to an existing document (it only acts when an upsert inserts).
 */
const SUPPORTED = new Set(['$inc', '$set', '$push', '$setOnInsert']);

/**
 * A modifier update applied to the stored bytes of one document, when every change it makes keeps
 * each value's BSON type and size: `$inc` of an int32, int64 or double that stays in its type,
 * `$set` of a fixed-width value over a value of the same type, and `$push` with `$each` and a
 * negative `$slice` equal to the length of an array of fixed-width values of one type (a full
 * "last N" window: the values shift by the pushed count). Then the document's structure, field
 * order, sizes and every other byte stay as they were, so the result is exactly what decoding,
 * applying and re-encoding would store, without decoding a counter document of thousands of values.
 *
 * Returns the new bytes (a copy: stored bytes are never written over), or undefined whenever the
 * general path must run: another modifier, a missing path, a positional or `_id` path, a type or
 * size change, an overflow, or a change to a field some index reads (`indexed`: top-level field
 * names of index keys and partial filters), whose keys must then be recomputed. `update` must be
 * the update as decoded with its number types kept (typed-decode.ts).
 */
export function updateInPlace(
  raw: Uint8Array,
  update: unknown,
  indexed: ReadonlySet<string>,
): Buffer | undefined {
  const edit = inPlaceEdit(raw, update, indexed);
  if (!edit) return undefined;
  const out = Buffer.from(raw);
  edit(out);
  return out;
}

/**
 * The same update as updateInPlace, as an edit to apply to a copy of `raw` wherever the caller
 * keeps it: the document store copies the stored bytes into its own memory and edits them there,
 * so a counter document of tens of kilobytes is not copied twice per update.
 */
export function inPlaceEdit(
  raw: Uint8Array,
  update: unknown,
  indexed: ReadonlySet<string>,
): ((out: Buffer) => void) | undefined {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return undefined;
  const writes: ((out: Buffer) => void)[] = [];
  for (const [op, arg] of Object.entries(update as Doc)) {
    if (!SUPPORTED.has(op) || !arg || typeof arg !== 'object') return undefined;
    if (op === '$setOnInsert') continue;
    for (const [path, operand] of Object.entries(arg as Doc)) {
      const parts = path.split('.');
      const top = parts[0] ?? '';
      if (top === '_id' || indexed.has(top) || parts.some((p) => p === '' || p.startsWith('$')))
        return undefined;
      const slot = locate(raw, parts);
      const write = slot && planWrite(op, raw, slot, operand);
      if (!write) return undefined;
      writes.push(write);
    }
  }
  return (out) => {
    for (const write of writes) write(out);
  };
}

/** The value at a dotted path, through embedded documents and arrays (by index); undefined if absent. */
function locate(raw: Uint8Array, parts: string[]): Slot | undefined {
  let start = 0;
  let slot: Slot | undefined;
  for (const part of parts) {
    if (slot && slot.type !== OBJECT && slot.type !== ARRAY) return undefined;
    slot = element(raw, start, part);
    if (!slot) return undefined;
    start = slot.at;
  }
  return slot;
}

/** The element named `name`; undefined when absent or repeated (decoding keeps only the last one). */
function element(raw: Uint8Array, docStart: number, name: string): Slot | undefined {
  return namedElement(raw, docStart, Buffer.from(name)) ?? undefined;
}

const bsonType = (value: unknown): string | undefined =>
  value && typeof value === 'object' ? (value as { _bsontype?: string })._bsontype : undefined;

/** How one modifier changes one located value, or undefined when it cannot be done in place. */
function planWrite(
  op: string,
  raw: Uint8Array,
  slot: Slot,
  operand: unknown,
): ((out: Buffer) => void) | undefined {
  if (op === '$inc') return incWrite(raw, slot, operand);
  if (op === '$set') return fixedWrite(slot, operand);
  return pushWindowWrite(raw, slot, operand);
}

/** `$inc` as mongod computes it, when the result keeps the stored type (int32/int64 without overflow). */
function incWrite(raw: Uint8Array, slot: Slot, operand: unknown): ((out: Buffer) => void) | undefined {
  const view = Buffer.from(raw.buffer, raw.byteOffset, raw.byteLength);
  const kind = bsonType(operand);
  const by = operand as { value: number } & Long;
  if (slot.type === INT32 && kind === 'Int32') {
    const sum = view.readInt32LE(slot.at) + by.value;
    if (sum < INT32_MIN || sum > INT32_MAX) return undefined; // mongod widens to int64
    return (out) => out.writeInt32LE(sum, slot.at);
  }
  if (slot.type === INT64 && (kind === 'Int32' || kind === 'Long')) {
    const sum = view.readBigInt64LE(slot.at) + (kind === 'Int32' ? BigInt(by.value) : by.toBigInt());
    if (sum < INT64_MIN || sum > INT64_MAX) return undefined;
    return (out) => out.writeBigInt64LE(sum, slot.at);
  }
  if (slot.type === DOUBLE && (kind === 'Int32' || kind === 'Double')) {
    const stored = view.readDoubleLE(slot.at);
    // NaN, stored or added, and a stored -0 are left to the general path (it refuses a NaN
    // operand, and counts from +0 where the stored value is -0).
    if (Number.isNaN(stored) || Number.isNaN(by.value) || Object.is(stored, -0)) return undefined;
    const sum = stored + by.value;
    return (out) => out.writeDoubleLE(sum, slot.at);
  }
  return undefined;
}

/** The BSON type and bytes of a fixed-width value, as the encoder writes them. */
function fixedBytes(value: unknown): { type: number; bytes: Buffer } | undefined {
  const kind = bsonType(value);
  const bytes = (n: number) => Buffer.alloc(n);
  if (kind === 'Int32') {
    const b = bytes(4);
    b.writeInt32LE((value as { value: number }).value);
    return { type: INT32, bytes: b };
  }
  if (kind === 'Double') {
    const b = bytes(8);
    b.writeDoubleLE((value as { value: number }).value);
    return { type: DOUBLE, bytes: b };
  }
  if (kind === 'Long') {
    const b = bytes(8);
    b.writeBigInt64LE((value as Long).toBigInt());
    return { type: INT64, bytes: b };
  }
  if (kind === 'ObjectId') return { type: OBJECT_ID, bytes: Buffer.from((value as { id: Uint8Array }).id) };
  if (value instanceof Date) {
    const time = value.getTime();
    if (!Number.isFinite(time)) return undefined;
    const b = bytes(8);
    b.writeBigInt64LE(BigInt(time));
    return { type: DATE, bytes: b };
  }
  if (typeof value === 'boolean') return { type: BOOL, bytes: Buffer.from([value ? 1 : 0]) };
  return undefined;
}

/** `$set` of a fixed-width value over a stored value of the same type (so of the same size). */
function fixedWrite(slot: Slot, value: unknown): ((out: Buffer) => void) | undefined {
  const fixed = fixedBytes(value);
  if (!fixed || fixed.type !== slot.type || fixed.bytes.length !== slot.length) return undefined;
  return (out) => out.set(fixed.bytes, slot.at);
}

/**
 * `$push: {path: {$each: [v…], $slice: -n}}` onto an array of exactly n fixed-width values of the
 * pushed values' type: the first values drop out and the pushed ones follow, so each element keeps
 * its key, type and size and only the values move.
 */
function pushWindowWrite(raw: Uint8Array, slot: Slot, operand: unknown): ((out: Buffer) => void) | undefined {
  if (slot.type !== ARRAY || !operand || typeof operand !== 'object' || bsonType(operand)) return undefined;
  const { $each: each, $slice: slice, ...rest } = operand as Doc;
  if (Object.keys(rest).length > 0 || !Array.isArray(each) || each.length === 0) return undefined;
  if (bsonType(slice) !== 'Int32') return undefined;
  const keep = -(slice as { value: number }).value;
  const pushed = each.map(fixedBytes);
  const first = pushed[0];
  if (!first || pushed.some((p) => !p || p.type !== first.type)) return undefined;
  const at = valueOffsets(raw, slot, first.type, first.bytes.length);
  if (!at || keep !== at.length || keep < pushed.length) return undefined;
  const width = first.bytes.length;
  const shifted = at.length - pushed.length;
  return (out) => {
    // `out` is a copy of `raw`: the values are read from `raw`, so no write overlaps a read.
    for (let i = 0; i < shifted; i++) {
      const from = at[i + pushed.length] ?? 0;
      out.set(raw.subarray(from, from + width), at[i] ?? 0);
    }
    for (const [i, p] of pushed.entries()) out.set(p?.bytes ?? [], at[shifted + i] ?? 0);
  };
}

/**
 * Where each value of an array starts, when every element has the given type (so the given width)
 * and the canonical key ("0", "1", …) the encoder writes; undefined otherwise.
 */
function valueOffsets(raw: Uint8Array, slot: Slot, type: number, width: number): number[] | undefined {
  const end = slot.at + slot.length - 1;
  const offsets: number[] = [];
  let p = slot.at + 4;
  while (p < end) {
    if (raw[p] !== type) return undefined;
    p++;
    // The key must be the element's index in decimal.
    const key = String(offsets.length);
    for (let k = 0; k < key.length; k++, p++) if (raw[p] !== key.charCodeAt(k)) return undefined;
    if (raw[p] !== 0) return undefined;
    p++;
    offsets.push(p);
    p += width;
  }
  return p === end && raw[end] === 0 ? offsets : undefined;
}

/**
 * `{$unset: {field: …, …}}` (with `$setOnInsert` beside it or not) on top-level fields, applied to
 * the stored bytes: each named element is cut out and the document's length rewritten, every other
 * byte kept, which is what decoding, deleting the fields and re-encoding would store. A field the
 * document lacks is left alone (then the bytes come back unchanged). Unlike updateInPlace, indexed
 * fields are allowed: the caller keeps the indexes right when one of the `fields` named is indexed.
 * Undefined whenever the general path must run: another modifier, a dotted, empty, `$`-prefixed or
 * `_id` path, or a field stored twice.
 */
export function unsetInPlace(
  raw: Uint8Array,
  update: unknown,
): { bytes: Buffer; fields: string[] } | undefined {
  if (!update || typeof update !== 'object' || Array.isArray(update)) return undefined;
  let fields: string[] | undefined;
  for (const [op, arg] of Object.entries(update as Doc)) {
    if (!arg || typeof arg !== 'object' || Array.isArray(arg) || bsonType(arg)) return undefined;
    if (op === '$setOnInsert') continue;
    if (op !== '$unset') return undefined;
    fields = Object.keys(arg);
  }
  if (!fields || fields.length === 0) return undefined;
  const cuts: { from: number; to: number }[] = [];
  for (const name of fields) {
    if (name === '' || name === '_id' || name.startsWith('$') || name.includes('.')) return undefined;
    const cut = topLevelElement(raw, name);
    if (cut === null) return undefined;
    if (cut) cuts.push(cut);
  }
  cuts.sort((a, b) => a.from - b.from);
  const kept = raw.length - cuts.reduce((n, c) => n + c.to - c.from, 0);
  const out = Buffer.allocUnsafe(kept);
  let written = 0;
  let read = 0;
  for (const { from, to } of [...cuts, { from: raw.length, to: raw.length }]) {
    out.set(raw.subarray(read, from), written);
    written += from - read;
    read = to;
  }
  out.writeInt32LE(kept, 0);
  return { bytes: out, fields };
}

/**
 * Where the whole element (type byte to value's end) of a top-level field lies: undefined when the
 * document lacks it, null when it is stored twice (decoding keeps only the last one).
 */
function topLevelElement(raw: Uint8Array, name: string): { from: number; to: number } | undefined | null {
  const found = namedElement(raw, 0, Buffer.from(name));
  return found ? { from: found.nameAt - 1, to: found.at + found.length } : found;
}
