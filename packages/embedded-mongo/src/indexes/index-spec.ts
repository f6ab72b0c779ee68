import { MongoCommandError, badValue, failedToParse } from '../errors.js';

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
  if (!key || typeof key !== 'object' || Array.isArray(key) || Object.keys(key).length === 0) {
    throw failedToParse("The 'key' option is required and must be a non-empty object");
  }
  const normKey: Record<string, number> = {};
  for (const [field, dir] of Object.entries(key as Record<string, unknown>)) {
    const n = typeof dir === 'number' ? dir : Number((dir as { valueOf(): unknown }).valueOf());
    if (typeof dir === 'string')
      throw badValue(`Index type '${dir}' is not supported by the embedded engine`);
    if (n !== 1 && n !== -1)
      throw badValue(`Values in the index key pattern must be 1 or -1, got ${String(dir)}`);
    normKey[field] = n;
  }
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

/** Two specs describe the same index when key, uniqueness, sparseness, TTL and filter agree. */
export function sameIndexOptions(a: IndexSpec, b: IndexSpec): boolean {
  return (
    !!a.unique === !!b.unique &&
    !!a.sparse === !!b.sparse &&
    a.expireAfterSeconds === b.expireAfterSeconds &&
    JSON.stringify(a.partialFilterExpression ?? null) === JSON.stringify(b.partialFilterExpression ?? null)
  );
}
