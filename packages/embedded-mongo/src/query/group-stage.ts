import { evalExpr } from 'mingo/core';
import { Lazy, type Iterator } from 'mingo/lazy';
import type { Options } from 'mingo/types';
import { encodeValue } from '../indexes/key-encoding.js';

type Doc = Record<string, unknown>;

/**
 * `$group` with mongod's key equality (https://www.mongodb.com/docs/manual/reference/operator/aggregation/group/):
 * keys are compared as BSON values, so numbers group by exact value whatever their type
 * (`NumberInt(1)`, `NumberLong(1)`, `1.0` and `NumberDecimal("1.00")` are one group, keyed by the
 * first value met), and embedded documents by their fields in order. A single `_id` expression
 * that evaluates to missing is the null group; inside a document key of two fields or more a
 * missing field is left out, so `{a: "$a", b: "$b"}` keeps `{a: null, b: 1}` and `{b: 1}` apart,
 * while a document key of one field is that field's value made null when missing: `{a: "$a"}`
 * puts a null and a missing `a` in one group `{a: null}` (DocumentSourceGroup::computeId reads a
 * one-field key as a single expression; MongoDB's groupMissing jstest). mingo hashed numbers by JS
 * value (a decimal was its own group) and compared documents without regard to field order.
 */
function groupKey(value: unknown): string {
  return encodeValue(withoutMissing(value));
}

/** The value with fields that evaluated to missing removed from its embedded documents. */
function withoutMissing(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutMissing);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
    return value;
  const out: Doc = {};
  for (const [k, v] of Object.entries(value as Doc)) if (v !== undefined) out[k] = withoutMissing(v);
  return out;
}

const isPlainDocument = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** Documents gathered by group key, in the order their groups first appeared. */
export class GroupCollector {
  readonly groups = new Map<string, { id: unknown; docs: Doc[] }>();

  /** The field of an `_id` that is a document of one field (not an operator), else undefined. */
  private readonly soleField: string | undefined;

  constructor(
    private readonly spec: Doc,
    private readonly options: Options,
  ) {
    const id = spec._id;
    const keys = isPlainDocument(id) ? Object.keys(id) : [];
    this.soleField = keys.length === 1 && !keys[0]?.startsWith('$') ? keys[0] : undefined;
  }

  add(doc: Doc): void {
    let id: unknown = evalExpr(doc, this.spec._id, this.options) ?? null;
    const sole = this.soleField;
    if (sole !== undefined && isPlainDocument(id) && id[sole] === undefined) id = { [sole]: null };
    const key = groupKey(id);
    const group = this.groups.get(key);
    if (group) group.docs.push(doc);
    else this.groups.set(key, { id, docs: [doc] });
  }
}

export const $group = (coll: Iterator, expr: unknown, options: Options): Iterator => {
  const spec = expr as Doc;
  const fields = Object.keys(spec).filter((k) => k !== '_id');
  return coll.transform((items: unknown[]) => {
    const collector = new GroupCollector(spec, options);
    for (const doc of items as Doc[]) collector.add(doc);
    const out: Doc[] = [];
    for (const { id, docs } of collector.groups.values()) {
      const result: Doc = { _id: id };
      for (const field of fields) result[field] = evalExpr(docs, spec[field], options);
      out.push(result);
    }
    return Lazy(out);
  });
};
