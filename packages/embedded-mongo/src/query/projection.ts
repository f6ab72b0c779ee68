import { Query } from 'mingo/query';
import { queryOptions } from './mingo-context.js';
import { toCommandError } from '../errors.js';

type Doc = Record<string, unknown>;

/** Applies a find projection (mingo handles inclusion/exclusion, `$slice`, `$elemMatch` and positional `$`). */
export function project(docs: Doc[], filter: Doc, projection: Doc): Doc[] {
  try {
    const positional = Object.keys(projection).some((k) => k.endsWith('.$'));
    const q = new Query(positional ? filter : {}, queryOptions);
    return q.find<Doc>(docs, projection).all();
  } catch (err) {
    throw toCommandError(err);
  }
}
