import { compareValues } from '../bson/compare.js';
import { typeMismatch } from '../errors.js';
import { fetchWithTypes, findMatchesYielding } from '../query/find-docs.js';
import { sortYielding } from '../query/yielding-sort.js';
import { withTypedFilter } from '../query/typed-pipeline.js';
import { collectionName, docOption, numberOption } from './options.js';
import { checkCollation, hintName } from './find.js';
import type { CommandDef } from './types.js';

type Doc = Record<string, unknown>;

/** Values of a path for distinct: array elements unwound, explicit nulls kept, missing fields skipped. */
function distinctValues(v: unknown, path: string[], i: number, out: unknown[]): void {
  if (i === path.length) {
    if (Array.isArray(v)) out.push(...(v as unknown[]));
    else if (v !== undefined) out.push(v);
    return;
  }
  if (v === null || typeof v !== 'object') return;
  if (Array.isArray(v)) {
    for (const el of v as unknown[]) distinctValues(el, path, i, out);
    return;
  }
  distinctValues((v as Doc)[path[i] ?? ''], path, i + 1, out);
}

/** `count` (https://www.mongodb.com/docs/manual/reference/command/count/). */
export const countCommand: CommandDef = {
  options: ['query', 'limit', 'skip', 'hint', 'collation', 'fields'],
  // Long counts and distincts pause for other connections (Yielder), as find does.
  async run(ctx) {
    const name = collectionName(ctx.body, 'count');
    const coll = ctx.state.engine.collection(ctx.db, name);
    if (ctx.body.collation !== undefined) checkCollation(ctx.body.collation);
    if (!coll) return { n: 0 };
    const filter = withTypedFilter(docOption(ctx.body, 'query') ?? {}, () => ctx.typedBody().query);
    const skip = Math.max(0, numberOption(ctx.body, 'skip', 0));
    const limit = Math.abs(numberOption(ctx.body, 'limit', 0));
    // A hint is checked and obeyed even without a filter: a sparse index hinted counts only the
    // documents it holds, "even if it results in the wrong answer" (MongoDB's count_hint jstest).
    const hint = hintName(ctx, ctx.body.hint, coll.indexes.values());
    if (Object.keys(filter).length === 0 && hint === undefined)
      return { n: Math.max(0, Math.min(limit || Infinity, coll.size - skip)) };
    const { matches } = await findMatchesYielding(
      coll,
      { filter, sort: [], skip, limit, hint },
      { decode: false },
    );
    return { n: matches.length };
  },
};

/** `distinct` (https://www.mongodb.com/docs/manual/reference/command/distinct/): array values are unwound. */
export const distinctCommand: CommandDef = {
  options: ['key', 'query', 'collation', 'hint'],
  async run(ctx) {
    const name = collectionName(ctx.body, 'distinct');
    const key = ctx.body.key;
    if (typeof key !== 'string')
      throw typeMismatch("BSON field 'distinct.key' is missing or is the wrong type, expected a string");
    if (ctx.body.collation !== undefined) checkCollation(ctx.body.collation);
    const coll = ctx.state.engine.collection(ctx.db, name);
    if (!coll) return { values: [] };
    const filter = withTypedFilter(docOption(ctx.body, 'query') ?? {}, () => ctx.typedBody().query);
    const hint = hintName(ctx, ctx.body.hint, coll.indexes.values());
    const path = key.split('.');
    const values: unknown[] = [];
    const spec = { filter, sort: [], skip: 0, limit: 0, hint };
    // Values are read in the turn their document matched (onMatch), as mongod reads and filters
    // each document at once: one changed during a pause of the scan is tested and read as it is
    // then, never read in a state that does not match.
    await findMatchesYielding(coll, spec, {
      decode: false,
      onMatch: (m) => {
        // The values answered keep their stored types (an int64 stays an int64).
        const doc = fetchWithTypes(coll, m);
        if (doc) distinctValues(doc, path, 0, values);
      },
    });
    const sorted = await sortYielding(values, compareValues);
    const unique = sorted.filter((v, i) => i === 0 || compareValues(sorted[i - 1], v) !== 0);
    return { values: unique };
  },
};
