import { Context, ProcessingMode } from 'mingo/core';
import { ObjectId } from 'bson';
import type { Options } from 'mingo/types';
import * as accumulatorOperators from 'mingo/operators/accumulator';
import * as expressionOperators from 'mingo/operators/expression';
import * as pipelineOperators from 'mingo/operators/pipeline';
import * as projectionOperators from 'mingo/operators/projection';
import * as queryOperators from 'mingo/operators/query';
import * as windowOperators from 'mingo/operators/window';
import * as booleanOperators from 'mingo/operators/expression/boolean';
import * as comparisonOperators from 'mingo/operators/expression/comparison';
import { dateOperators } from './date-operators.js';
import { $type } from './type-operator.js';
import { pipelineStageFixes } from './pipeline-stages.js';
import { equalityOperators } from './match-values.js';
import { expressionFixes, type ExprOp } from './expression-fixes.js';
import { elementArgumentChecks } from './element-arguments.js';
import { typedExpressions } from './typed-expressions.js';
import { exactAccumulators } from './exact-accumulators.js';
import { accumulatorForms, nAccumulators } from './n-accumulators.js';
import { $expr, booleanExpressions } from './boolean-expressions.js';
import { setExpressions } from './set-expressions.js';
import { typedMath } from './typed-math.js';
import { comparisonExpressions } from './comparison-expressions.js';
import { indexOfExpressions } from './index-of.js';
import { projectionOperatorFixes } from './projection-operators.js';
import { scriptAccumulators, scriptExpressions } from './script-refusals.js';

/**
 * `$eq` / `$ne` on a top-level field compared with an ObjectId, where the field holds an ObjectId or
 * an array of them: decided by comparing the ids' bytes. mingo compares ObjectIds by their hex
 * strings, twice over an array (once plain, once flattened), which made `countedIds: { $ne: id }`
 * (the idempotence guard of the submission counters, up to 200 ids) the engine's top hot spot on
 * submit. Same answer: equal ObjectIds of one class have equal hex strings and equal bytes. Any
 * other shape (dotted path, mixed array, missing field, other value type) goes to mingo.
 */
type TQueryOperator = (selector: string, value: unknown, options: Options) => (obj: unknown) => boolean;

function withObjectIdFastPath(operator: unknown, negate: boolean): TQueryOperator {
  const general = operator as TQueryOperator;
  return (selector, value, options) => {
    const compiled = general(selector, value, options);
    if (!(value instanceof ObjectId) || selector.includes('.')) return compiled;
    const ctor = value.constructor;
    const sameClass = (v: unknown): v is ObjectId => v instanceof ObjectId && v.constructor === ctor;
    return (obj: unknown) => {
      const field =
        obj !== null && typeof obj === 'object' ? (obj as Record<string, unknown>)[selector] : undefined;
      if (sameClass(field)) return field.equals(value) !== negate;
      if (Array.isArray(field) && field.length > 0 && field.every(sameClass))
        return field.some((id) => id.equals(value)) !== negate;
      return compiled(obj);
    };
  };
}

export const queryOperatorsFast = {
  ...queryOperators,
  ...equalityOperators,
  $eq: withObjectIdFastPath(equalityOperators.$eq, false),
  $ne: withObjectIdFastPath(equalityOperators.$ne, true),
  $type: $type as TQueryOperator,
  $expr,
};

const untypedExpressions = {
  ...(expressionOperators as unknown as Record<string, ExprOp>),
  ...dateOperators,
  ...expressionFixes,
  ...elementArgumentChecks,
  ...booleanExpressions,
  ...setExpressions,
  ...typedMath,
  ...comparisonExpressions,
  ...indexOfExpressions,
};
const typedAggregationExpressions = {
  ...untypedExpressions,
  ...typedExpressions(untypedExpressions),
  ...accumulatorForms(untypedExpressions),
  ...scriptExpressions,
};

/**
 * mingo with every operator, except that date operators are replaced by our timezone-correct ones
 * (mingo 7 only understands `Area/City` names and computes offsets by re-parsing locale strings),
 * and the fixes and typed arithmetic of the modules imported above.
 */
export const mingoContext = Context.init({
  accumulator: { ...accumulatorOperators, ...exactAccumulators, ...nAccumulators, ...scriptAccumulators },
  expression: typedAggregationExpressions,
  pipeline: { ...pipelineOperators, ...pipelineStageFixes },
  projection: { ...projectionOperators, ...projectionOperatorFixes },
  query: queryOperatorsFast,
  window: windowOperators,
});

export const queryOptions: Partial<Options> = {
  context: mingoContext,
  processingMode: ProcessingMode.CLONE_OFF,
  useStrictMode: true,
  scriptEnabled: false,
};

/**
 * Options for a filter that evaluates no aggregation expression. mingo copies every operator table
 * of the context it is given on each `new Query(...)` (once per find, update and delete: a hot spot
 * of the engine); only `$expr` (and `$where`, which is disabled) reach the expression operators, so
 * other filters compile against a context of the query operators alone, with the same result.
 */
const queryOnlyOptions: Partial<Options> = {
  ...queryOptions,
  context: Context.init({ query: queryOperatorsFast }),
};

/** The options to compile `filter` with: the full context only when it holds `$expr` or `$where`. */
export function queryOptionsFor(filter: unknown): Partial<Options> {
  return evaluatesExpressions(filter) ? queryOptions : queryOnlyOptions;
}

function evaluatesExpressions(value: unknown): boolean {
  if (Array.isArray(value)) return value.some(evaluatesExpressions);
  if (value === null || typeof value !== 'object' || Object.getPrototypeOf(value) !== Object.prototype)
    return false;
  for (const [key, inner] of Object.entries(value)) {
    if (key === '$expr' || key === '$where' || evaluatesExpressions(inner)) return true;
  }
  return false;
}

/**
 * Options for mingo's updater when the update reads no query: no positional `$`, no `arrayFilters`,
 * no `$pull` condition. The updater copies the whole context on every call and adds the query,
 * boolean and comparison operators it needs itself, so a context holding just those gives the same
 * result without copying several hundred expression operators per update.
 */
export const plainUpdateOptions: Partial<Options> = {
  ...queryOptions,
  context: Context.init({
    query: queryOperatorsFast,
    expression: { ...booleanOperators, ...comparisonOperators },
  }),
};
