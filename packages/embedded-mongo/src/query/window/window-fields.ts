import { evalExpr } from 'mingo/core';
import type { Options } from 'mingo/types';
import { compareValues } from '../../bson/compare.js';
import { Yielder } from '../../server/yielding.js';
import { sortPlan } from '../sort.js';
import { sortYielding } from '../yielding-sort.js';
import { outputValues, type Partition, type Work } from './window-outputs.js';
import type { WindowOutput, WindowSpec } from './window-spec.js';

type Doc = Record<string, unknown>;
type Keyed = { doc: Doc; partition: unknown; keys: unknown[] };

/**
 * `$setWindowFields` as mongod runs it: documents ordered by partition, then by `sortBy` (mongod
 * sorts on both, so partitions come out in the order of their `partitionBy` values, a missing one
 * as null), then each partition's output fields computed in one pass (window-outputs.ts) and set
 * on its documents as `$addFields` would set them.
 */
function keyedDocs(spec: WindowSpec, options: Options, keysOf: (d: Doc) => unknown[]) {
  return (doc: Doc): Keyed => ({
    doc,
    partition: spec.partitionBy === undefined ? null : (evalExpr(doc, spec.partitionBy, options) ?? null),
    keys: keysOf(doc),
  });
}

function order(compareKeys: (a: unknown[], b: unknown[]) => number) {
  return (a: Keyed, b: Keyed) => compareValues(a.partition, b.partition) || compareKeys(a.keys, b.keys);
}

/** Consecutive documents of one partition value, once sorted. */
function partitionsOf(sorted: Keyed[]): Partition[] {
  const out: Partition[] = [];
  let current: Partition | undefined;
  let value: unknown;
  for (const item of sorted) {
    if (!current || compareValues(item.partition, value) !== 0) {
      current = { docs: [], keys: [] };
      value = item.partition;
      out.push(current);
    }
    current.docs.push(item.doc);
    current.keys.push(item.keys);
  }
  return out;
}

const isObject = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** `doc` with `path` set to `value` (a copy along the path; missing removes the field). */
function withField(doc: Doc, path: string[], value: unknown): Doc {
  const [head, ...rest] = path as [string, ...string[]];
  const copy = { ...doc };
  const inner = rest.length === 0 ? value : withField(isObject(doc[head]) ? doc[head] : {}, rest, value);
  if (inner === undefined) delete copy[head];
  else copy[head] = inner;
  return copy;
}

function* windowFieldsWork(
  partitions: Partition[],
  spec: WindowSpec,
  options: Options,
  compareKeys: (a: unknown[], b: unknown[]) => number,
): Work<Doc[]> {
  const out: Doc[] = [];
  const paths = spec.outputs.map((o: WindowOutput) => o.field.split('.'));
  for (const p of partitions) {
    const columns: unknown[][] = [];
    for (const o of spec.outputs) columns.push(yield* outputValues(p, o, spec, options, compareKeys));
    p.docs.forEach((doc, i) => {
      let result = { ...doc };
      paths.forEach((path, k) => {
        const value = columns[k]?.[i];
        if (path.length > 1) result = withField(result, path, value);
        else if (value === undefined) delete result[path[0] as string];
        else result[path[0] as string] = value;
      });
      out.push(result);
    });
    yield p.docs.length;
  }
  return out;
}

/** The stage in one go (for inputs small enough to run through mingo at once). */
export function setWindowFieldsNow(docs: Doc[], spec: WindowSpec, options: Options): Doc[] {
  const { keysOf, compareKeys } = sortPlan(spec.sortBy);
  const sorted = docs.map(keyedDocs(spec, options, keysOf)).sort(order(compareKeys));
  const work = windowFieldsWork(partitionsOf(sorted), spec, options, compareKeys);
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
  }
}

/**
 * The stage over many documents, pausing for other connections (Yielder, which also stops the
 * command with 50 once its maxTimeMS has passed) while keys are computed, while documents are
 * sorted, and between steps of the window computations.
 */
export async function setWindowFieldsYielding(
  docs: Doc[],
  spec: WindowSpec,
  options: Options,
): Promise<Doc[]> {
  const { keysOf, compareKeys } = sortPlan(spec.sortBy);
  const yielder = new Yielder();
  const keyed = keyedDocs(spec, options, keysOf);
  const items: Keyed[] = [];
  for (const doc of docs) {
    items.push(keyed(doc));
    if (yielder.tick()) await yielder.pause();
  }
  const sorted = await sortYielding(items, order(compareKeys));
  const work = windowFieldsWork(partitionsOf(sorted), spec, options, compareKeys);
  for (;;) {
    const step = work.next();
    if (step.done) return step.value;
    if (yielder.tick(step.value)) await yielder.pause();
  }
}
