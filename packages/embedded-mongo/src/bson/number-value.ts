import { Decimal128, Double, Int32, Long } from 'bson';

/**
 * The value of a number of any BSON numeric type (a decoded JS number, int32, int64, double,
 * decimal128) as a JS number, where mongod reads an option that takes "any number"; undefined
 * for any other type.
 */
export function numberValue(v: unknown): number | undefined {
  if (typeof v === 'number') return v;
  if (v instanceof Int32 || v instanceof Double) return v.value;
  if (v instanceof Long || v instanceof Decimal128) return Number(v.toString());
  return undefined;
}
