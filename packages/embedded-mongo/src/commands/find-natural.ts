import { MongoCommandError, badValue } from '../errors.js';
import type { Match } from '../query/find-docs.js';

type Doc = Record<string, unknown>;

/**
 * The direction of a natural-order find: `sort: {$natural: ±1}` alone, or `hint: {$natural: ±1}`
 * without another sort (the manual's cursor.hint and $natural pages: a collection scan in insertion
 * order, backwards for -1). Undefined for any other find.
 */
export function naturalDirection(sort: [string, number][], hint: unknown): 1 | -1 | undefined {
  if (sort.length === 1 && sort[0]?.[0] === '$natural') return sort[0][1] < 0 ? -1 : 1;
  if (sort.length > 0 || hint === null || typeof hint !== 'object' || !('$natural' in hint)) return undefined;
  return Number((hint as Doc).$natural) < 0 ? -1 : 1;
}

/** Matches in record order (insertion order), then `skip` and `limit` applied. */
export function inNaturalOrder(matches: Match[], direction: 1 | -1, skip: number, limit: number): Match[] {
  const ordered = [...matches].sort((a, b) => (a.rid - b.rid) * direction);
  return ordered.slice(skip, limit > 0 ? skip + limit : undefined);
}

/**
 * `tailable`/`awaitData` as mongod parses them: awaitData alone → 9 FailedToParse, and a tailable
 * cursor needs a capped collection, which the engine does not have → 2 BadValue
 * (query_request_helper.cpp and get_executor.cpp).
 */
export function checkTailable(body: Doc, ns: string, collectionExists: boolean): void {
  const tailable = body.tailable === true;
  if (body.awaitData === true && !tailable)
    throw new MongoCommandError(9, 'FailedToParse', "Cannot set 'awaitData' without also setting 'tailable'");
  if (tailable && collectionExists)
    throw badValue(`error processing query: ns=${ns} tailable cursor requested on non capped collection`);
}
