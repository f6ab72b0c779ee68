import { onDemand } from 'bson';
import {
  MongoCommandError,
  belowMinimum,
  badValue,
  invalidNamespace,
  show,
  typeMismatch,
  unknownField,
} from '../errors.js';
import { decodeCommandDoc, decodeStored, mayHoldRegex } from '../bson/command-decode.js';
import { decodeTyped } from '../bson/typed-decode.js';
import type { CommandContext, Doc } from './types.js';

/** A namespace of `nsInfo`, split once. */
export type BulkNamespace = { db: string; coll: string };

/**
 * One parsed entry of `ops`; `typed` keeps the BSON number types of an update's or a delete's
 * filter (and an update's mods), for literals inside `$expr` as the single-collection commands.
 */
export type BulkOp =
  | { kind: 'insert'; ns: BulkNamespace; document: Doc; raw?: Buffer }
  | { kind: 'update' | 'delete'; ns: BulkNamespace; op: Doc; typed: Doc | undefined };

type OpKind = BulkOp['kind'];

/** The fields each op may carry (mongod parses ops strictly: anything else is refused). */
const OP_FIELDS: Record<OpKind, ReadonlySet<string>> = {
  insert: new Set(['insert', 'document']),
  update: new Set([
    'update',
    'filter',
    'sort',
    'multi',
    'updateMods',
    'upsert',
    'arrayFilters',
    'hint',
    'constants',
    'collation',
  ]),
  delete: new Set(['delete', 'filter', 'multi', 'hint', 'collation']),
};
const REQUIRED: Record<OpKind, readonly string[]> = {
  insert: ['document'],
  update: ['filter', 'updateMods'],
  delete: ['filter'],
};
const BOOLEAN_FIELDS = ['multi', 'upsert'];
const isKind = (k: string): k is OpKind => Object.hasOwn(OP_FIELDS, k);

/** mongod's wording for a field of the wrong BSON type, with the JavaScript type named. */
const wrongType = (path: string, v: unknown, expected: string) =>
  typeMismatch(
    `BSON field '${path}' is the wrong type '${Array.isArray(v) ? 'array' : typeof v}', expected type '${expected}'`,
  );
const missing = (path: string) =>
  new MongoCommandError(40414, 'Location40414', `BSON field '${path}' is missing but a required field`);
const isDoc = (v: unknown): v is Doc => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `ops` or `nsInfo`: from its OP_MSG document sequence (raw bytes kept) or the command body. */
function entries(ctx: CommandContext, field: string): { docs: unknown[]; raw: Buffer[] | undefined } {
  const raw = ctx.sequences.get(field);
  if (raw) return { docs: raw.map(decodeCommandDoc), raw };
  const v = ctx.body[field];
  if (v === undefined) throw missing(`bulkWrite.${field}`);
  if (!Array.isArray(v)) throw wrongType(`bulkWrite.${field}`, v, 'array');
  return { docs: v, raw: undefined };
}

/** `nsInfo`: `[{ns: "db.coll"}]`, each a valid namespace. */
export function parseNsInfo(ctx: CommandContext): BulkNamespace[] {
  return entries(ctx, 'nsInfo').docs.map((entry) => {
    if (!isDoc(entry)) throw wrongType('bulkWrite.nsInfo', entry, 'object');
    for (const k of Object.keys(entry))
      if (k !== 'ns') throw unknownField(`BSON field 'bulkWrite.nsInfo.${k}' is an unknown field.`);
    const ns = entry.ns;
    if (ns === undefined) throw missing('bulkWrite.nsInfo.ns');
    if (typeof ns !== 'string') throw wrongType('bulkWrite.nsInfo.ns', ns, 'string');
    const dot = ns.indexOf('.');
    const db = ns.slice(0, dot);
    const coll = ns.slice(dot + 1);
    // The shape only: which names a collection may have is the catalog's check when an op creates it.
    if (dot <= 0 || coll === '') throw invalidNamespace(`Invalid namespace specified for bulkWrite: '${ns}'`);
    return { db, coll };
  });
}

/** The `document` element's own bytes inside an insert op's BSON (no copy, no re-encode). */
function documentBytes(opBytes: Buffer): Buffer | undefined {
  for (const [type, nameOffset, nameLength, offset, length] of onDemand.parseToElements(opBytes)) {
    if (
      type === 3 &&
      nameLength === 8 &&
      opBytes.toString('latin1', nameOffset, nameOffset + 8) === 'document'
    )
      return opBytes.subarray(offset, offset + length);
  }
  return undefined;
}

/**
 * `ops`, checked whole before any runs (a malformed op fails the command, as mongod's parser does):
 * the op's kind is its first field, whose value indexes `nsInfo`.
 */
export function parseOps(ctx: CommandContext, nsInfo: BulkNamespace[]): BulkOp[] {
  const { docs, raw } = entries(ctx, 'ops');
  const typedBody = raw ? undefined : (ctx.typedBody().ops as Doc[] | undefined);
  return docs.map((op, i) => {
    if (!isDoc(op)) throw wrongType('bulkWrite.ops', op, 'object');
    const kind = Object.keys(op)[0] ?? '';
    // mongod picks the op's type by its first field name and refuses any other as unknown.
    if (!isKind(kind)) throw unknownField(`BSON field 'bulkWrite.ops.${kind}' is an unknown field.`);
    for (const k of Object.keys(op))
      if (!OP_FIELDS[kind].has(k)) throw unknownField(`BSON field 'bulkWrite.ops.${k}' is an unknown field.`);
    for (const k of REQUIRED[kind]) if (op[k] === undefined) throw missing(`bulkWrite.ops.${k}`);
    for (const k of BOOLEAN_FIELDS)
      if (op[k] !== undefined && typeof op[k] !== 'boolean')
        throw wrongType(`bulkWrite.ops.${k}`, op[k], 'bool');
    if (op.filter !== undefined && !isDoc(op.filter))
      throw wrongType('bulkWrite.ops.filter', op.filter, 'object');
    const index = op[kind];
    if (typeof index !== 'number' || !Number.isInteger(index))
      throw wrongType(`bulkWrite.ops.${kind}`, index, 'int');
    if (index < 0) throw belowMinimum(kind, 0, index);
    const ns = nsInfo[index];
    if (!ns) throw badValue(`BulkWrite ops entry ${show(op)} has an invalid nsInfo index.`);
    if (kind === 'insert') {
      if (!isDoc(op.document)) throw wrongType('bulkWrite.ops.document', op.document, 'object');
      const bytes = raw?.[i] && documentBytes(raw[i]);
      // A document to insert decodes as stored documents do (its bytes are what is stored). The op's
      // own decode is that already when the document holds no regex (the one value a command's
      // decode reads differently), so it is not decoded a second time.
      if (!bytes) return { kind, ns, document: op.document };
      return { kind, ns, document: mayHoldRegex(bytes) ? decodeStored(bytes) : op.document, raw: bytes };
    }
    const typed = raw?.[i] ? decodeTyped(raw[i]) : typedBody?.[i];
    return { kind, ns, op, typed };
  });
}
