import { Query } from 'mingo/query';
import type { IndexStore } from '../indexes/index-store.js';
import { queryOptionsFor } from './mingo-context.js';
import type { FieldPredicate } from './predicates.js';

type Doc = Record<string, unknown>;

/**
 * Whether a sparse or partial index holds every document the filter can match, which is when
 * MongoDB lets the planner use it (https://www.mongodb.com/docs/manual/core/index-partial/#query-coverage).
 * Sparse: the filter constrains an indexed field to a non-null value (so the field exists).
 * Partial: each condition of the partial filter appears verbatim in the filter, or is satisfied by
 * the filter's equality value for that field.
 */
export function indexCovers(index: IndexStore, filter: Doc, preds: Map<string, FieldPredicate>): boolean {
  if (index.spec.hidden === true) return false;
  if (index.spec.sparse && !index.fields.some((f) => preds.has(f))) return false;
  const partial = index.spec.partialFilterExpression;
  if (!partial) return true;
  return Object.entries(partial).every(([field, cond]) => {
    if (field.startsWith('$')) return false;
    if (JSON.stringify(filter[field]) === JSON.stringify(cond)) return true;
    const p = preds.get(field);
    if (p?.points?.length !== 1) return false;
    const condition = { [field]: cond };
    return new Query(condition, queryOptionsFor(condition)).test({ [field]: p.points[0] });
  });
}
