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
 * that evaluates to missing is the null group; inside a document key a missing field is left out,
 * so `{a: "$a"}` keeps `{a: null}` and `{}` apart, as mongod does. mingo hashed numbers by JS
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

/** Documents gathered by group key, in the order their groups first appeared. */
export class GroupCollector {
  readonly groups = new Map<string, { id: unknown; docs: Doc[] }>();

  constructor(
    private readonly spec: Doc,
    private readonly options: Options,
  ) {}

  add(doc: Doc): void {
    const id: unknown = evalExpr(doc, this.spec._id, this.options) ?? null;
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
