import { numberValue } from '../bson/number-value.js';
import { MongoCommandError, badValue, failedToParse } from '../errors.js';
import { bsonTypeName } from '../query/expression-fixes.js';
import { mongodText } from '../query/mongod-text.js';

/** An index definition as listIndexes returns it. */
export type IndexSpec = {
  v: number;
  key: Record<string, number>;
  name: string;
  unique?: boolean;
  sparse?: boolean;
  expireAfterSeconds?: number;
  partialFilterExpression?: Record<string, unknown>;
} & Record<string, unknown>;

const KNOWN_OPTIONS = new Set([
  'key',
  'name',
  'unique',
  'sparse',
  'expireAfterSeconds',
  'partialFilterExpression',
  'background',
  'v',
  'ns',
  'hidden',
  'collation',
]);

/** Default index name as mongod builds it: `a_1_b_-1`. */
const defaultIndexName = (key: Record<string, unknown>) =>
  Object.entries(key)
    .map(([k, v]) => `${k}_${String(v)}`)
    .join('_');

/** Validates one createIndexes entry; text/2d/hashed indexes are refused rather than faked. */
export function normalizeIndexSpec(raw: Record<string, unknown>): IndexSpec {
  for (const k of Object.keys(raw)) {
    if (!KNOWN_OPTIONS.has(k))
      throw new MongoCommandError(
        197,
        'InvalidIndexSpecificationOption',
        `The field '${k}' is not valid for an index specification`,
      );
  }
  const key = raw.key;
  if (key === undefined) throw failedToParse("The 'key' option is required and must be a non-empty object");
  const normKey = keyPattern(raw, key);
  const spec: IndexSpec = {
    v: 2,
    key: normKey,
    name: typeof raw.name === 'string' ? raw.name : defaultIndexName(normKey),
  };
  if (raw.unique === true) spec.unique = true;
  if (raw.sparse === true) spec.sparse = true;
  if (raw.expireAfterSeconds !== undefined) {
    const secs = Number(raw.expireAfterSeconds);
    if (!Number.isFinite(secs) || secs < 0)
      throw badValue('expireAfterSeconds must be a non-negative number');
    spec.expireAfterSeconds = secs;
  }
  const collation = raw.collation as Record<string, unknown> | undefined;
  if (collation !== undefined && collation.locale !== 'simple') {
    throw badValue(
      'index collations other than { locale: "simple" } are not supported by the embedded engine',
    );
  }
  // Hidden indexes are maintained but never chosen by the planner, as in mongod.
  if (raw.hidden === true) spec.hidden = true;
  if (raw.partialFilterExpression !== undefined) {
    spec.partialFilterExpression = raw.partialFilterExpression as Record<string, unknown>;
  }
  return spec;
}

/**
 * An index's key pattern checked as mongod checks it (index_key_validate.cpp, validateKeyPattern):
 * a field's value is its direction, any number but 0 or NaN (its sign counts: `{a: 2}` is
 * ascending, `{a: -0.5}` descending), kept as given; the index types named by strings (text, 2d,
 * hashed...) are refused rather than faked. mongod prefixes these refusals with the spec.
 */
function keyPattern(raw: Record<string, unknown>, key: unknown): Record<string, number> {
  const refuse = (code: number, codeName: string, why: string) =>
    new MongoCommandError(
      code,
      codeName,
      `Error in specification ${mongodText(raw, true)} :: caused by :: ${why}`,
    );
  if (!isPlainObject(key))
    throw refuse(14, 'TypeMismatch', `The field 'key' must be an object, but got ${bsonTypeName(key)}`);
  const entries = Object.entries(key);
  if (entries.length === 0) throw refuse(67, 'CannotCreateIndex', 'Index keys cannot be empty.');
  const pattern: Record<string, number> = {};
  for (const [field, dir] of entries) {
    if (typeof dir === 'string')
      throw badValue(`Index type '${dir}' is not supported by the embedded engine`);
    const n = numberValue(dir);
    if (n === undefined)
      throw refuse(
        67,
        'CannotCreateIndex',
        `Values in v:2 index key pattern cannot be of type ${bsonTypeName(dir)}. Only numbers > 0, numbers < 0, and strings are allowed.`,
      );
    if (Number.isNaN(n))
      throw refuse(67, 'CannotCreateIndex', 'Values in the index key pattern cannot be NaN.');
    if (n === 0) throw refuse(67, 'CannotCreateIndex', 'Values in the index key pattern cannot be 0.');
    pattern[field] = n;
  }
  return pattern;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/** Two specs describe the same index when key, uniqueness, sparseness, TTL and filter agree. */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  return (
    !!a.unique === !!b.unique &&
    !!a.sparse === !!b.sparse &&
    a.expireAfterSeconds === b.expireAfterSeconds &&
    JSON.stringify(a.partialFilterExpression ?? null) === JSON.stringify(b.partialFilterExpression ?? null)
  );
}
