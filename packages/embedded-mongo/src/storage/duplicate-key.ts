import { ObjectId, Long, Decimal128 } from 'bson';
import { MongoCommandError } from '../errors.js';
import type { IndexStore } from '../indexes/index-store.js';

/** Renders a value the way mongod prints it inside an E11000 message. */
function show(v: unknown): string {
  if (v === null || v === undefined) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (v instanceof ObjectId) return `ObjectId('${v.toHexString()}')`;
  if (v instanceof Date) return `new Date(${String(v.getTime())})`;
  if (v instanceof Long || v instanceof Decimal128) return v.toString();
  if (Array.isArray(v)) return `[ ${v.map(show).join(', ')} ]`;
  if (typeof v === 'object') {
    const entries = Object.entries(v as Record<string, unknown>).map(([k, x]) => `${k}: ${show(x)}`);
    return entries.length ? `{ ${entries.join(', ')} }` : '{}';
  }
  return typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : typeof v;
}

/** The error mongod answers when a write would duplicate a unique index key (code 11000). */
export function duplicateKeyError(ns: string, index: IndexStore, key: unknown[]): MongoCommandError {
  const keyValue: Record<string, unknown> = {};
  index.fields.forEach((f, i) => (keyValue[f] = key[i] ?? null));
  const shown = index.fields.map((f, i) => `${f}: ${show(key[i])}`).join(', ');
  return new MongoCommandError(
    11000,
    'DuplicateKey',
    `E11000 duplicate key error collection: ${ns} index: ${index.name} dup key: { ${shown} }`,
    { keyPattern: { ...index.spec.key }, keyValue },
  );
}
