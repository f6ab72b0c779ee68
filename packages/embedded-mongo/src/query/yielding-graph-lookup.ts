import { Long } from 'bson';
import { evalExpr } from 'mingo/core';
import { resolve } from 'mingo/util';
import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { encodeValue } from '../indexes/key-encoding.js';
import { Yielder } from '../server/yielding.js';
import { lookupKeys } from './join-index.js';
import { toCommandError } from '../errors.js';

type Doc = Record<string, unknown>;

type GraphSpec = {
  from: string;
  startWith: unknown;
  connectFromField: string;
  connectToField: string;
  as: string;
  maxDepth?: number;
  depthField?: string;
  restrictSearchWithMatch?: Doc;
};

/** The specification when it has the shape this stage answers; otherwise mingo's stage checks it. */
export function graphSpec(spec: unknown): GraphSpec | undefined {
  if (!spec || typeof spec !== 'object' || Array.isArray(spec)) return undefined;
  const s = spec as Doc;
  const strings = ['from', 'connectFromField', 'connectToField', 'as'].every(
    (k) => typeof s[k] === 'string' && s[k] !== '' && !s[k].startsWith('$'),
  );
  const depth = s.maxDepth === undefined || (typeof s.maxDepth === 'number' && s.maxDepth >= 0);
  const known = Object.keys(s).every((k) =>
    [
      'from',
      'startWith',
      'connectFromField',
      'connectToField',
      'as',
      'maxDepth',
      'depthField',
      'restrictSearchWithMatch',
    ].includes(k),
  );
  const asDotted = (s.as as string | undefined)?.includes('.') ?? false;
  const depthField = s.depthField === undefined || typeof s.depthField === 'string';
  const restrict = s.restrictSearchWithMatch;
  const restrictOk = restrict === undefined || (typeof restrict === 'object' && !Array.isArray(restrict));
  return strings && 'startWith' in s && depth && known && !asDotted && depthField && restrictOk
    ? (s as GraphSpec)
    : undefined;
}

/**
 * `$graphLookup` (https://www.mongodb.com/docs/manual/reference/operator/aggregation/graphLookup/)
 * with pauses for other connections. The foreign documents are indexed once by their
 * `connectToField` values (each element of an array; null for a missing field, as a query for
 * null matches it); each input document's search then goes breadth first from the `startWith`
 * values (each element of an array), adding every foreign document found once, at the depth it
 * was first reached (`depthField`, an int64 as mongod writes it), up to `maxDepth`, among those
 * `restrictSearchWithMatch` accepts; the next round looks up the `connectFromField` values of the
 * documents just found (those holding one). Values already looked up are not looked up again. mingo's stage scanned
 * the whole foreign collection for each round of each document, in one go.
 */
export async function graphLookupYielding(
  input: Doc[],
  spec: GraphSpec,
  partial: Partial<Options>,
): Promise<Doc[]> {
  // evalExpr and Query complete partial options themselves (as mingo's stages receive them).
  const options = partial as Options;
  const resolver = (options as { collectionResolver?: (name: string) => Doc[] }).collectionResolver;
  const foreign = resolver?.(spec.from) ?? [];
  const yielder = new Yielder();
  let restrict: Query | undefined;
  try {
    if (spec.restrictSearchWithMatch) restrict = new Query(spec.restrictSearchWithMatch, options);
  } catch (err) {
    throw toCommandError(err);
  }
  const index = new Map<string, Doc[]>();
  for (const doc of foreign) {
    if (!restrict || restrict.test(doc))
      for (const key of new Set(lookupKeys(doc, spec.connectToField).map(encodeValue))) {
        const docs = index.get(key);
        if (docs) docs.push(doc);
        else index.set(key, [doc]);
      }
    if (yielder.tick()) await yielder.pause();
  }
  const out: Doc[] = [];
  for (const doc of input) {
    const start: unknown = evalExpr(doc, spec.startWith, options) ?? null;
    const found = new Map<Doc, number>();
    const looked = new Set<string>();
    let frontier = Array.isArray(start) ? (start as unknown[]) : [start];
    for (
      let depth = 0;
      frontier.length > 0 && (spec.maxDepth === undefined || depth <= spec.maxDepth);
      depth++
    ) {
      const next: unknown[] = [];
      for (const value of frontier) {
        const key = encodeValue(value);
        if (looked.has(key)) continue;
        looked.add(key);
        for (const match of index.get(key) ?? []) {
          if (found.has(match)) continue;
          found.set(match, depth);
          // A missing connectFromField leads nowhere (a null one leads to null and missing fields).
          const from: unknown = resolve(match, spec.connectFromField);
          if (from !== undefined) next.push(...(Array.isArray(from) ? (from as unknown[]) : [from]));
        }
        if (yielder.tick()) await yielder.pause();
      }
      frontier = next;
    }
    const joined = [...found].map(([match, depth]) =>
      spec.depthField === undefined ? match : { ...match, [spec.depthField]: Long.fromNumber(depth) },
    );
    out.push({ ...doc, [spec.as]: joined });
    if (yielder.tick()) await yielder.pause();
  }
  return out;
}
