import { resolve } from 'mingo/util';
import { encodeValue } from '../indexes/key-encoding.js';
import { Yielder } from '../server/yielding.js';

type Doc = Record<string, unknown>;

/** The values a `$lookup` key path holds in a document: each element of an array, null when missing. */
export function lookupKeys(doc: Doc, path: string): unknown[] {
  const v: unknown = resolve(doc, path) ?? null;
  return Array.isArray(v) ? (v as unknown[]) : [v];
}

type JoinIndex = { byKey: Map<string, Doc[]>; position: Map<Doc, number> };
/**
 * Join indexes by foreign documents (the command reads a collection once, see aggregate.ts) and
 * foreign field: a `$lookup` run batch by batch builds its index once, not once per batch.
 */
const joinIndexes = new WeakMap<Doc[], Map<string, JoinIndex>>();

/**
 * Builds the foreign documents' index by encoded key value (and their positions in the
 * collection), yielding after each document so that a caller may pause between them.
 */
function* building(foreign: Doc[], foreignField: string): Generator<void, JoinIndex> {
  const byKey = new Map<string, Doc[]>();
  const position = new Map<Doc, number>();
  for (const doc of foreign) {
    position.set(doc, position.size);
    for (const key of new Set(lookupKeys(doc, foreignField).map(encodeValue))) {
      const docs = byKey.get(key);
      if (docs) docs.push(doc);
      else byKey.set(key, [doc]);
    }
    yield;
  }
  return { byKey, position };
}

function known(foreign: Doc[], foreignField: string): JoinIndex | undefined {
  return joinIndexes.get(foreign)?.get(foreignField);
}

function remember(foreign: Doc[], foreignField: string, index: JoinIndex): JoinIndex {
  let byField = joinIndexes.get(foreign);
  if (!byField) joinIndexes.set(foreign, (byField = new Map<string, JoinIndex>()));
  byField.set(foreignField, index);
  return index;
}

/** The join index of `foreign` by `foreignField`, built in one go unless already built. */
export function joinIndex(foreign: Doc[], foreignField: string): JoinIndex {
  const done = known(foreign, foreignField);
  if (done) return done;
  const work = building(foreign, foreignField);
  for (;;) {
    const step = work.next();
    if (step.done) return remember(foreign, foreignField, step.value);
  }
}

/**
 * Builds (and keeps, for joinIndex) the join index with pauses for other connections: what the
 * pausing pipeline does before a batch of `$lookup` runs, so that a large foreign collection is
 * not indexed in one go.
 */
export async function prepareJoinIndex(foreign: Doc[], foreignField: string): Promise<void> {
  if (known(foreign, foreignField)) return;
  const yielder = new Yielder();
  const work = building(foreign, foreignField);
  for (;;) {
    const step = work.next();
    if (step.done) {
      remember(foreign, foreignField, step.value);
      return;
    }
    if (yielder.tick()) await yielder.pause();
  }
}
