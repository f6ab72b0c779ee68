import { numberValue } from '../bson/number-value.js';
import { bsonTypeName } from '../query/expression-fixes.js';
import {
  MongoCommandError,
  badValue,
  belowMinimum,
  illegalOperation,
  show,
  typeMismatch,
  unknownField,
} from '../errors.js';
import type { Doc } from './types.js';

/** Fields every driver may attach to any command; they carry no meaning for a standalone in-memory server. */
const GENERIC = new Set([
  '$db',
  'lsid',
  '$clusterTime',
  '$readPreference',
  'writeConcern',
  'readConcern',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
  '$audit',
  '$client',
  'mayBypassWriteConcern',
]);

/** Refuses what a standalone mongod refuses, and any field the command does not know (40415). */
/** Each command's allowed fields as a Set, built once (this check runs on every command). */
const allowedSets = new WeakMap<readonly string[], ReadonlySet<string>>();
function allowedSet(allowed: readonly string[]): ReadonlySet<string> {
  let set = allowedSets.get(allowed);
  if (!set) allowedSets.set(allowed, (set = new Set(allowed)));
  return set;
}

export function checkCommandFields(
  name: string,
  body: Doc,
  allowed: readonly string[],
  sequenceIds: Iterable<string>,
): void {
  if ('txnNumber' in body || 'startTransaction' in body || 'autocommit' in body) {
    throw illegalOperation('Transaction numbers are only allowed on a replica set member or mongos');
  }
  const ok = allowedSet(allowed);
  for (const id of sequenceIds) {
    if (!ok.has(id)) throw unknownField(`BSON field '${name}.${id}' is an unknown field.`);
  }
  let first = true;
  for (const key of Object.keys(body)) {
    if (first) {
      first = false;
      continue;
    }
    if (GENERIC.has(key) || ok.has(key)) continue;
    throw unknownField(`BSON field '${name}.${key}' is an unknown field.`);
  }
  checkWriteConcern(body.writeConcern);
  checkReadConcern(body.readConcern);
}

function checkWriteConcern(wc: unknown): void {
  if (wc === undefined) return;
  if (typeof wc !== 'object' || wc === null)
    throw typeMismatch("BSON field 'writeConcern' is the wrong type");
  const w = (wc as Doc).w;
  if (w === undefined || w === 'majority' || w === 0 || w === 1) return;
  if (typeof w === 'number' && w > 1) {
    throw new MongoCommandError(
      2,
      'BadValue',
      `cannot use non-majority 'w' mode on a standalone: ${show(w)}`,
    );
  }
  throw new MongoCommandError(
    79,
    'UnknownReplWriteConcern',
    `No write concern mode named '${show(w)}' found in replica set configuration`,
  );
}

function checkReadConcern(rc: unknown): void {
  if (rc === undefined) return;
  const level = (rc as Doc | null)?.level;
  if (level === undefined || level === 'local' || level === 'available' || level === 'majority') return;
  if (level === 'snapshot' || level === 'linearizable') {
    throw illegalOperation(`readConcern level '${show(level)}' is not supported on a standalone server`);
  }
  throw badValue(`${show(level)} is not a valid read concern level`);
}

/** mongod's refusal of an admin-only command (listDatabases, bulkWrite…) run on another database. */
export function refuseOutsideAdmin(ctx: { db: string; name: string }): void {
  if (ctx.db !== 'admin')
    throw new MongoCommandError(
      13,
      'Unauthorized',
      `${ctx.name} may only be run against the admin database.`,
    );
}

/** `let` variables are only implemented for aggregate; elsewhere they are refused rather than ignored. */
export function refuseLet(name: string, v: unknown): void {
  if (v !== undefined && v !== null && Object.keys(v).length > 0) {
    throw badValue(`'let' on ${name} is not supported by the embedded engine`);
  }
}

export function numberOption(body: Doc, field: string, dflt: number): number {
  const v = body[field];
  if (v === undefined || v === null) return dflt;
  const n = typeof v === 'number' ? v : Number((v as { valueOf(): unknown }).valueOf());
  if (!Number.isFinite(n)) throw typeMismatch(`BSON field '${field}' is the wrong type, expected a number`);
  return n;
}

/**
 * A cursor's count (find's skip, limit and batchSize, getMore's and a cursor option's batchSize),
 * read as mongod's command parser reads these int64 fields: any number type, a fraction cut toward
 * zero and NaN read as 0 (its safeNumberLong), anything else refused naming the field by its path
 * in the command (`path`), and a negative count refused (51024) rather than taken in some other
 * sense: a find's negative limit meant "one batch" to the legacy OP_QUERY only, and the drivers
 * send such a limit as a positive one with `singleBatch`.
 */
export function countOption(body: Doc, field: string, path: string, dflt: number): number {
  const v = body[field];
  if (v === undefined || v === null) return dflt;
  const n = numberValue(v);
  if (n === undefined)
    throw typeMismatch(
      `BSON field '${path}' is the wrong type '${bsonTypeName(v)}', expected types '[long, int, decimal, double]'`,
    );
  const count = Number.isNaN(n) ? 0 : Math.trunc(n);
  if (count < 0) throw belowMinimum(field, 0, count);
  return count;
}

export function docOption(body: Doc, field: string): Doc | undefined {
  const v = body[field];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v))
    throw typeMismatch(`BSON field '${field}' is the wrong type, expected an object`);
  return v as Doc;
}

export function collectionName(body: Doc, name: string): string {
  const v = body[name];
  if (typeof v !== 'string') {
    throw new MongoCommandError(73, 'InvalidNamespace', `collection name has invalid type ${typeof v}`);
  }
  return v;
}
