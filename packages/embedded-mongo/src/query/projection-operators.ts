import { Query } from 'mingo/query';
import type { Options } from 'mingo/types';
import { resolve } from 'mingo/util';
import { $elemMatch as mingoElemMatch } from 'mingo/operators/projection';

type ProjectionOperator = (obj: unknown, expr: unknown, field: string, options: Options) => unknown;

const isOperatorQuery = (expr: unknown): expr is Record<string, unknown> =>
  expr !== null &&
  typeof expr === 'object' &&
  !Array.isArray(expr) &&
  Object.keys(expr).length > 0 &&
  Object.keys(expr).every((k) => k.startsWith('$') && !['$and', '$or', '$nor'].includes(k));

/**
 * The `$elemMatch` projection (https://www.mongodb.com/docs/manual/reference/operator/projection/elemMatch/)
 * keeps the first element of the array that matches its query. A query made of operator
 * conditions only (`{$gt: 1}`) tests each element as a value, as the `$elemMatch` query operator
 * does (an element that is an array is compared whole); mingo read it as a query over documents
 * and refused it ("unknown top level operator"). Field conditions go to mingo.
 */
const $elemMatch: ProjectionOperator = (obj, expr, field, options) => {
  if (!isOperatorQuery(expr)) return (mingoElemMatch as ProjectionOperator)(obj, expr, field, options);
  const arr: unknown = resolve(obj as Record<string, unknown>, field);
  if (!Array.isArray(arr)) return undefined;
  const query = new Query({ v: expr }, options);
  const found = (arr as unknown[]).find((el) => query.test({ v: Array.isArray(el) ? [el] : el }));
  return found === undefined ? undefined : [found];
};

export const projectionOperatorFixes = { $elemMatch };
