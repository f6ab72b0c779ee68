import { locationError } from '../errors.js';
import type { Doc } from './types.js';

/**
 * Stage arguments mongod refuses when it parses a pipeline, with its codes (before any document is
 * read; mingo accepted them or answered the generic 2):
 * https://www.mongodb.com/docs/manual/reference/operator/aggregation-pipeline/
 */
const fail = locationError;
const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

const CHECKS: Record<string, (spec: unknown) => void> = {
  $sort(spec) {
    if (!isPlain(spec)) throw fail(15973, 'the $sort key specification must be an object');
    if (Object.keys(spec).length === 0) throw fail(15976, '$sort stage must have at least one sort key');
  },
  $limit(spec) {
    if (typeof spec !== 'number') throw fail(15957, 'the limit must be specified as a number');
    if (spec <= 0) throw fail(15958, 'the limit must be positive');
  },
  $skip(spec) {
    if (typeof spec !== 'number') throw fail(15972, 'Argument to $skip must be a number');
    if (spec < 0) throw fail(15956, 'Argument to $skip cannot be negative');
  },
  $group(spec) {
    if (!isPlain(spec)) throw fail(15947, "a group's fields must be specified in an object");
    if (!('_id' in spec)) throw fail(15955, 'a group specification must include an _id');
    for (const field of Object.keys(spec)) {
      if (field.includes('.')) throw fail(40235, `The field name '${field}' cannot contain '.'`);
    }
  },
  $project(spec) {
    if (isPlain(spec) && Object.keys(spec).length === 0)
      throw fail(
        51272,
        'Invalid $project :: caused by :: projection specification must have at least one field',
      );
  },
  $unwind(spec) {
    const path = isPlain(spec) ? spec.path : spec;
    if (typeof path === 'string' && !path.startsWith('$'))
      throw fail(28818, `path option to $unwind stage should be prefixed with a '$': ${path}`);
  },
};

export function checkStageArguments(name: string, spec: unknown): void {
  CHECKS[name]?.(spec);
}
