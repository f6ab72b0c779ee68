import { BSONRegExp, Decimal128, Double, Int32, Long, Timestamp } from 'bson';
import { compareValues } from '../bson/compare.js';
import { typedArithmetic } from './exact-arithmetic.js';

type Doc = Record<string, unknown>;

/**
 * BSON types through updates. mingo applies updates to documents decoded into JS numbers, which
 * cannot tell int32 from int64 from a whole double: re-encoded, `$set: { n: Long(5) }` became an
 * int32 and `$inc` of an int64 an int32. mongod keeps every value's type, and computes the type of
 * arithmetic results (https://www.mongodb.com/docs/manual/reference/operator/update/inc/,
 * https://www.mongodb.com/docs/manual/reference/bson-type-comparison-order/#numeric-types).
 *
 * So after mingo has computed the new document, this pass takes the type of every value from where
 * it came from, both decoded without promotion: values an update writes (`$set`, `$setOnInsert`,
 * a replacement, the winner of `$min`/`$max`, what `$rename` moves, elements `$push`/`$addToSet`
 * add) from the update as the client sent it, results of `$inc`/`$mul` from typed arithmetic, and
 * everything else from the old document.
 */
export function retypeUpdated(
  out: Doc,
  typedOld: Doc,
  typedMod: Doc | undefined,
  replacement: Doc | undefined,
): Doc {
  const assigned = new Map<string, unknown>();
  const pools = new Map<string, unknown[]>();
  if (replacement) {
    for (const [k, v] of Object.entries(replacement)) if (k !== '_id') assigned.set(k, v);
  }
  for (const [op, arg] of Object.entries(typedMod ?? {})) {
    for (const [path, operand] of Object.entries(arg as Doc)) {
      switch (op) {
        case '$set':
          assigned.set(path, operand);
          break;
        case '$inc':
        case '$mul':
          assigned.set(path, typedArithmetic(op, getPath(typedOld, path), operand, path));
          break;
        case '$min':
        case '$max': {
          const old = getPath(typedOld, path);
          const c = old === undefined ? 0 : compareValues(operand, old);
          const wins = old === undefined || (op === '$min' ? c < 0 : c > 0);
          assigned.set(path, wins ? operand : old);
          break;
        }
        case '$rename':
          if (typeof operand === 'string') assigned.set(operand, getPath(typedOld, path));
          break;
        case '$push':
        case '$addToSet': {
          const each = isPlainObject(operand) && Array.isArray(operand.$each) ? operand.$each : [operand];
          pools.set(path, [...(pools.get(path) ?? []), ...(each as unknown[])]);
          break;
        }
        case '$bit':
          if (isPlainObject(operand)) assigned.set(path, typedBitwise(getPath(typedOld, path), operand));
          break;
        case '$currentDate':
          if (isPlainObject(operand) && operand.$type === 'timestamp') assigned.set(path, nextTimestamp());
          break;
        default:
          break;
      }
    }
  }
  return retype(out, typedOld, '', assigned, pools) as Doc;
}

function retype(
  value: unknown,
  typed: unknown,
  path: string,
  assigned: Map<string, unknown>,
  pools: Map<string, unknown[]>,
): unknown {
  if (path !== '' && assigned.has(path)) return assigned.get(path);
  // Only numbers lose their type in the plain decode; other values are already what they were.
  if (!mayNeedType(value)) return value;
  const at = (k: string) => (path === '' ? k : `${path}.${k}`);
  if (Array.isArray(value)) {
    if (!value.some(mayNeedType)) return value;
    const oldItems = Array.isArray(typed) ? (typed as unknown[]) : [];
    const candidates = [...oldItems, ...(pools.get(path) ?? [])];
    return value.map((item, i) => {
      const childPath = at(String(i));
      if (assigned.has(childPath)) return assigned.get(childPath);
      const same = oldItems[i] !== undefined && samePromoted(oldItems[i], item) ? oldItems[i] : undefined;
      const match = same ?? candidates.find((c) => samePromoted(c, item));
      if (match !== undefined) return match;
      return retype(item, oldItems[i], childPath, assigned, pools);
    });
  }
  if (isPlainObject(value)) {
    const typedDoc = isPlainObject(typed) ? typed : undefined;
    const out: Doc = {};
    for (const [k, v] of Object.entries(value)) out[k] = retype(v, typedDoc?.[k], at(k), assigned, pools);
    return out;
  }
  return typed !== undefined && samePromoted(typed, value) ? typed : value;
}

const mayNeedType = (v: unknown): boolean => typeof v === 'number' || Array.isArray(v) || isPlainObject(v);

/** Whether `typed` (decoded without promotion) decodes to `plain` with promotion. */
function samePromoted(typed: unknown, plain: unknown): boolean {
  if (typed instanceof Int32 || typed instanceof Double)
    return (
      typeof plain === 'number' &&
      (plain === typed.value || (Number.isNaN(plain) && Number.isNaN(typed.value)))
    );
  if (typed instanceof Long && !(typed instanceof Timestamp)) {
    if (typeof plain === 'number') return Number.isSafeInteger(plain) && BigInt(plain) === typed.toBigInt();
    return plain instanceof Long && !(plain instanceof Timestamp) && plain.equals(typed);
  }
  if (typed instanceof Decimal128)
    return plain instanceof Decimal128 && plain.toString() === typed.toString();
  if (typed instanceof BSONRegExp) return plain instanceof RegExp && plain.source === typed.pattern;
  if (Array.isArray(typed))
    return (
      Array.isArray(plain) &&
      plain.length === typed.length &&
      typed.every((t, i) => samePromoted(t, plain[i]))
    );
  if (isPlainObject(typed)) {
    if (!isPlainObject(plain)) return false;
    const tk = Object.keys(typed);
    const pk = Object.keys(plain);
    return tk.length === pk.length && tk.every((k, i) => k === pk[i] && samePromoted(typed[k], plain[k]));
  }
  if (typeof typed !== typeof plain) return false;
  if (typeof typed !== 'object' || typed === null) return Object.is(typed, plain);
  return (
    plain !== null && typed.constructor === (plain as object).constructor && compareValues(typed, plain) === 0
  );
}

function isPlainObject(v: unknown): v is Doc {
  return v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;
}

function getPath(doc: Doc, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Doc)[part];
  }
  return cur;
}

/** `$currentDate: { f: { $type: "timestamp" } }` stores a Timestamp: seconds, then an increment. */
let lastTimestamp = { t: 0, i: 0 };
function nextTimestamp(): Timestamp {
  const t = Math.floor(Date.now() / 1000);
  lastTimestamp = t === lastTimestamp.t ? { t, i: lastTimestamp.i + 1 } : { t, i: 1 };
  return new Timestamp(lastTimestamp);
}

/**
 * The plain decode of a document with its int64 values and whole doubles put back as `Long`s and
 * `Double`s from the typed decode of the same document, as an aggregation reads a stored document
 * (see aggregationValues; other Int32/Double wrappers are left out: mingo computes on JS numbers).
 */
export function withAggregationTypes(plain: unknown, typed: unknown): unknown {
  if (typed instanceof Long && !(typed instanceof Timestamp))
    return typeof plain === 'number' ? typed : plain;
  if (typed instanceof Double && Number.isInteger(typed.value))
    return typeof plain === 'number' ? typed : plain;
  if (Array.isArray(plain))
    return Array.isArray(typed) ? plain.map((item, i) => withAggregationTypes(item, typed[i])) : plain;
  if (isPlainObject(plain) && isPlainObject(typed)) {
    const out: Doc = {};
    for (const [k, v] of Object.entries(plain)) out[k] = withAggregationTypes(v, typed[k]);
    return out;
  }
  return plain;
}

const BITWISE: Record<string, (a: bigint, b: bigint) => bigint> = {
  and: (a, b) => a & b,
  or: (a, b) => a | b,
  xor: (a, b) => a ^ b,
};

/**
 * `$bit` (https://www.mongodb.com/docs/manual/reference/operator/update/bit/) on int32 and int64
 * values: the result is an int64 when the field or an operand is one, else an int32; a missing
 * field counts as 0. Other types were refused before this point.
 */
function typedBitwise(old: unknown, ops: Doc): unknown {
  const isLong = (v: unknown) => v instanceof Long && !(v instanceof Timestamp);
  const big = (v: unknown): bigint =>
    isLong(v) ? v.toBigInt() : BigInt(v instanceof Int32 || v instanceof Double ? v.value : Number(v ?? 0));
  let long = isLong(old);
  let value = big(old);
  for (const [name, operand] of Object.entries(ops)) {
    const op = BITWISE[name];
    if (!op) continue;
    long ||= isLong(operand);
    value = op(value, big(operand));
  }
  return long ? Long.fromBigInt(BigInt.asIntN(64, value)) : new Int32(Number(BigInt.asIntN(32, value)));
}
