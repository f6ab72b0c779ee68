import { aggregationValues } from '../bson/aggregation-values.js';
import { regexesToJs } from './regex-translate.js';
import { EXPRESSION_STAGES } from './expression-arity.js';
type Doc = Record<string, unknown>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** Typed command values as aggregation expressions read them (see aggregationValues). */
const asExpression = (typed: unknown): unknown => regexesToJs(aggregationValues(typed));

const LOGICAL = new Set(['$and', '$or', '$nor']);

/** Whether a filter evaluates `$expr`, at its top or inside `$and`/`$or`/`$nor`. */
function holdsExpr(filter: Doc): boolean {
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$expr') return true;
    if (LOGICAL.has(key) && Array.isArray(value) && value.some((f) => isPlain(f) && holdsExpr(f)))
      return true;
  }
  return false;
}

function swapExpr(plain: Doc, typed: unknown): Doc {
  if (!isPlain(typed)) return plain;
  const out: Doc = {};
  for (const [key, value] of Object.entries(plain)) {
    const typedValue = typed[key];
    if (key === '$expr') out[key] = asExpression(typedValue);
    else if (LOGICAL.has(key) && Array.isArray(value) && Array.isArray(typedValue))
      out[key] = value.map((f: unknown, i) => (isPlain(f) ? swapExpr(f, typedValue[i]) : f));
    else out[key] = value;
  }
  return out;
}

/**
 * A query filter whose `$expr` expressions come from the typed decode, so that their literals keep
 * their BSON types (`{$expr: {$eq: [{$type: NumberLong(1)}, "long"]}}` is true, as in mongod). The
 * rest of the filter keeps the usual decode: its numbers compare by value. `typed` is called only
 * when the filter holds `$expr` (it decodes the command once more).
 */
export function withTypedFilter(plain: Doc, typed: () => unknown): Doc {
  return holdsExpr(plain) ? swapExpr(plain, typed()) : plain;
}

/** `let` variables with their BSON types, as the expressions that read them need. */
export const typedVariables = (plain: unknown, typed: unknown): Doc =>
  isPlain(plain) && isPlain(typed) ? (asExpression(typed) as Doc) : {};

/**
 * The pipeline with the expressions of its stages taken from the typed decode of the command, so
 * that literals keep their BSON types (`{$add: ["$a", NumberLong(5)]}` adds an int64, as mongod
 * does; the usual decode turns an int64 below 2^53 into a plain number). The other stages
 * (`$match`, `$sort`, `$limit`, ...) keep the usual decode: their numbers only count or compare,
 * by value. `typed` is the same pipeline decoded with its types kept.
 */
export function withTypedExpressions(plain: Doc[], typed: unknown): Doc[] {
  if (!Array.isArray(typed) || typed.length !== plain.length) return plain;
  return plain.map((stage, i) => {
    const typedStage: unknown = typed[i];
    const name = Object.keys(stage)[0] ?? '';
    if (!isPlain(typedStage)) return stage;
    const spec = stage[name];
    const typedSpec = typedStage[name];
    if (name === '$project') return { $project: projectionWithTypedExpressions(spec, typedSpec) };
    if (EXPRESSION_STAGES.has(name)) return { [name]: asExpression(typedSpec) };
    if (name === '$match' && isPlain(spec)) return { $match: withTypedFilter(spec, () => typedSpec) };
    if (name === '$facet' && isPlain(spec) && isPlain(typedSpec)) {
      const facets: Doc = {};
      for (const [key, sub] of Object.entries(spec))
        facets[key] = Array.isArray(sub) ? withTypedExpressions(sub as Doc[], typedSpec[key]) : sub;
      return { $facet: facets };
    }
    if ((name === '$lookup' || name === '$unionWith') && isPlain(spec) && isPlain(typedSpec)) {
      if (!Array.isArray(spec.pipeline)) return stage;
      const pipeline = withTypedExpressions(spec.pipeline as Doc[], typedSpec.pipeline);
      if (spec.let === undefined) return { [name]: { ...spec, pipeline } };
      return { [name]: { ...spec, let: typedVariables(spec.let, typedSpec.let), pipeline } };
    }
    return stage;
  });
}

/**
 * A find (or findAndModify) projection with its expressions typed as in a `$project` stage; `typed`
 * is called only when the projection holds an operator (it decodes the command once more).
 */
export function withTypedProjection(plain: Doc | undefined, typed: () => unknown): Doc | undefined {
  if (!plain || !Object.values(plain).some(isPlain)) return plain;
  return projectionWithTypedExpressions(plain, typed()) as Doc;
}

/**
 * A `$project` whose expressions (the operands of `$` operators) come from the typed decode, while
 * the inclusion flags stay plain numbers: `{a: NumberLong(1)}` keeps `a`, it does not set it to 1.
 */
function projectionWithTypedExpressions(plain: unknown, typed: unknown): unknown {
  if (!isPlain(plain) || !isPlain(typed)) return plain;
  const out: Doc = {};
  for (const [key, value] of Object.entries(plain)) {
    if (key.startsWith('$')) out[key] = asExpression(typed[key]);
    else out[key] = projectionWithTypedExpressions(value, typed[key]);
  }
  return out;
}
