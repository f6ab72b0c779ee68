import { aggregationValues } from '../bson/aggregation-values.js';
import { regexesToJs } from '../query/regex-translate.js';
import { EXPRESSION_STAGES } from '../query/expression-arity.js';
import type { Doc } from './types.js';

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

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
    if (EXPRESSION_STAGES.has(name)) return { [name]: regexesToJs(aggregationValues(typedSpec)) };
    if (name === '$facet' && isPlain(spec) && isPlain(typedSpec)) {
      const facets: Doc = {};
      for (const [key, sub] of Object.entries(spec))
        facets[key] = Array.isArray(sub) ? withTypedExpressions(sub as Doc[], typedSpec[key]) : sub;
      return { $facet: facets };
    }
    if ((name === '$lookup' || name === '$unionWith') && isPlain(spec) && isPlain(typedSpec)) {
      if (!Array.isArray(spec.pipeline)) return stage;
      return {
        [name]: { ...spec, pipeline: withTypedExpressions(spec.pipeline as Doc[], typedSpec.pipeline) },
      };
    }
    return stage;
  });
}

/**
 * A `$project` whose expressions (the operands of `$` operators) come from the typed decode, while
 * the inclusion flags stay plain numbers: `{a: NumberLong(1)}` keeps `a`, it does not set it to 1.
 */
function projectionWithTypedExpressions(plain: unknown, typed: unknown): unknown {
  if (!isPlain(plain) || !isPlain(typed)) return plain;
  const out: Doc = {};
  for (const [key, value] of Object.entries(plain)) {
    if (key.startsWith('$')) out[key] = regexesToJs(aggregationValues(typed[key]));
    else out[key] = projectionWithTypedExpressions(value, typed[key]);
  }
  return out;
}
