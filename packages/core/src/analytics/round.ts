/** Half-up rounding to `digits` decimals, safe for values like 1.005. */
export function round(value: number, digits: number): number {
  const factor = 10 ** digits;

  return Math.round((value + Number.EPSILON) * factor) / factor;
}
