import { locationError } from '../errors.js';
import { checkDateTruncAtParse } from './date-arith.js';
import { whereInPipeline } from './script-refusals.js';
import { condParts, switchSpec } from './boolean-expressions.js';

/**
 * The argument counts mongod checks when it parses a pipeline, before it reads a document: a
 * pipeline over an empty collection is refused too (16020, "Expression $x takes exactly N
 * arguments. M were passed in."; for the operators taking a range, 28667 "takes at least N
 * arguments, and at most M, but K were passed in."). An operand that is not an array counts as one argument. Counts are those of
 * the operator pages of https://www.mongodb.com/docs/manual/reference/operator/aggregation/.
 */
const EXACT: Record<string, number> = {};
const exact = (count: number, names: string[]) => {
  for (const name of names) EXACT[name] = count;
};
exact(1, [
  '$abs',
  '$ceil',
  '$floor',
  '$exp',
  '$ln',
  '$log10',
  '$sqrt',
  '$not',
  '$isArray',
  '$size',
  '$toUpper',
  '$toLower',
  '$strLenBytes',
  '$strLenCP',
  '$type',
  '$reverseArray',
  '$objectToArray',
  '$arrayToObject',
  '$allElementsTrue',
  '$anyElementTrue',
  '$isNumber',
  '$toBool',
  '$toDate',
  '$toDecimal',
  '$toDouble',
  '$toInt',
  '$toLong',
  '$toObjectId',
  '$toString',
  '$bitNot',
  '$sin',
  '$cos',
  '$tan',
  '$asin',
  '$acos',
  '$atan',
  '$sinh',
  '$cosh',
  '$tanh',
  '$asinh',
  '$acosh',
  '$atanh',
  '$degreesToRadians',
  '$radiansToDegrees',
  '$bsonSize',
  '$binarySize',
]);
exact(2, [
  '$arrayElemAt',
  '$cmp',
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$divide',
  '$mod',
  '$pow',
  '$log',
  '$in',
  '$setDifference',
  '$setIsSubset',
  '$split',
  '$strcasecmp',
  '$atan2',
  '$subtract',
]);
exact(3, ['$cond', '$substr', '$substrBytes', '$substrCP']);

/** Operators taking a range of argument counts: [at least, at most]. */
const RANGED: Record<string, [number, number]> = {
  $round: [1, 2],
  $trunc: [1, 2],
  $range: [2, 3],
  $slice: [2, 3],
  $indexOfArray: [2, 4],
  $indexOfBytes: [2, 4],
  $indexOfCP: [2, 4],
};

/** `$ifNull` takes two arguments or more (expression.cpp, ExpressionIfNull::parse: 1257300). */
function ifNullArguments(operand: unknown): void {
  const count = Array.isArray(operand) ? operand.length : 1;
  if (count < 2) throw locationError(1257300, `$ifNull needs at least two arguments, had: ${String(count)}`);
}

const DATE_TO_STRING_FIELDS = new Set(['date', 'format', 'timezone', 'onNull']);

/** `$dateToString`'s document as ExpressionDateToString::parse reads it (18629, 18534, 18628). */
function dateToStringArguments(operand: unknown): void {
  if (!isPlain(operand)) throw locationError(18629, '$dateToString only supports an object as its argument');
  for (const field of Object.keys(operand))
    if (!DATE_TO_STRING_FIELDS.has(field))
      throw locationError(18534, `Unrecognized argument to $dateToString: ${field}`);
  if (!('date' in operand)) throw locationError(18628, "Missing 'date' parameter to $dateToString");
}

/** Checks mongod makes of particular operators when it parses and optimizes a pipeline. */
const PARSE_CHECKS: Record<string, (operand: unknown) => void> = {
  $dateTrunc: checkDateTruncAtParse,
  $cond: condParts,
  $switch: switchSpec,
  $ifNull: ifNullArguments,
  $dateToString: dateToStringArguments,
};

/** Operators whose operand is a document of options or a constant: not walked into. */
const OPAQUE = new Set(['$literal', '$const']);

/**
 * Refuses an operand with the wrong number of arguments for `name` (16020, or 28667 for the
 * operators taking a range); also used at run time by expressions built while evaluating.
 */
export function checkCount(name: string, operand: unknown): void {
  // `$cond` also takes a document of `if`/`then`/`else`.
  if (name === '$cond' && isPlain(operand)) return;
  const count = Array.isArray(operand) ? operand.length : 1;
  const want = EXACT[name];
  if (want !== undefined && count !== want)
    throw locationError(
      16020,
      `Expression ${name} takes exactly ${String(want)} arguments. ${String(count)} were passed in.`,
    );
  const range = RANGED[name];
  if (range && (count < range[0] || count > range[1]))
    throw locationError(
      28667,
      `Expression ${name} takes at least ${String(range[0])} arguments, and at most ${String(range[1])}, but ${String(count)} were passed in.`,
    );
}

const isPlain = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** Checks every expression operator inside `value` (an expression or a document of them). */
function checkExpressionArity(value: unknown): void {
  if (Array.isArray(value)) {
    for (const item of value) checkExpressionArity(item);
    return;
  }
  if (!isPlain(value)) return;
  for (const [key, operand] of Object.entries(value)) {
    if (key.startsWith('$')) {
      if (OPAQUE.has(key)) continue;
      checkCount(key, operand);
      PARSE_CHECKS[key]?.(operand);
    }
    checkExpressionArity(operand);
  }
}

/** The `$expr` parts of a query filter (also inside `$and`/`$or`/`$nor`). */
function checkFilter(filter: unknown): void {
  if (!isPlain(filter)) return;
  for (const [key, v] of Object.entries(filter)) {
    if (key === '$where') throw whereInPipeline();
    if (key === '$expr') checkExpressionArity(v);
    else if ((key === '$and' || key === '$or' || key === '$nor') && Array.isArray(v)) v.forEach(checkFilter);
  }
}

/** Stages whose whole specification is made of expressions (or of literals that hold none). */
export const EXPRESSION_STAGES = new Set([
  '$project',
  '$addFields',
  '$set',
  '$replaceRoot',
  '$replaceWith',
  '$group',
  '$bucket',
  '$bucketAuto',
  '$sortByCount',
  '$redact',
  '$setWindowFields',
]);

/** Checks the argument counts of every expression of a pipeline, sub-pipelines included. */
export function checkPipelineArity(pipeline: unknown): void {
  if (!Array.isArray(pipeline)) return;
  for (const stage of pipeline) {
    if (!isPlain(stage)) continue;
    for (const [name, spec] of Object.entries(stage)) {
      if (name === '$match') checkFilter(spec);
      else if (EXPRESSION_STAGES.has(name)) checkExpressionArity(spec);
      else if (name === '$facet' && isPlain(spec)) Object.values(spec).forEach(checkPipelineArity);
      else if ((name === '$lookup' || name === '$unionWith') && isPlain(spec))
        checkPipelineArity(spec.pipeline);
    }
  }
}
