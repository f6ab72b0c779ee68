import { Decimal128, Double, Int32, Long, ObjectId } from 'bson';
import { show } from '../errors.js';

type Doc = Record<string, unknown>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * A value as mongod writes it into the text of an error. Two spellings exist there: a stage's
 * argument is shown as a BSON element (`"$x"`, `{ $add: [ 1, "$x" ] }`: spaces inside brackets),
 * a computed value as an aggregation value (`"a"`, `{a: 1}`, `[1, 2]`). `spaced` picks the first.
 * Clients match these messages, so the engine writes them the way mongod does.
 */
export function mongodText(v: unknown, spaced = false): string {
  if (typeof v === 'string') return JSON.stringify(v);
  if (v === null) return 'null';
  if (v === undefined) return spaced ? 'undefined' : 'MISSING';
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v instanceof Double || v instanceof Int32) return String(v.value);
  if (v instanceof Long || v instanceof Decimal128) return v.toString();
  if (v instanceof Date) return v.toISOString();
  if (v instanceof ObjectId) return v.toHexString();
  const [open, close] = spaced ? ['{ ', ' }'] : ['{', '}'];
  if (Array.isArray(v)) {
    if (v.length === 0) return '[]';
    const items = v.map((x) => mongodText(x, spaced)).join(', ');
    return spaced ? `[ ${items} ]` : `[${items}]`;
  }
  if (isPlain(v)) {
    const fields = Object.entries(v).map(([k, x]) => `${k}: ${mongodText(x, spaced)}`);
    return fields.length === 0 ? '{}' : `${open}${fields.join(', ')}${close}`;
  }
  return show(v);
}
