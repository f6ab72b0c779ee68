/**
 * The REST adapter leaves empty query values out of the input (`?timeRange=` arrives as no
 * `timeRange`), so a procedure whose default must not stand in for a bad value takes them back from
 * the URL: a parameter sent empty becomes `''` and fails validation like any other bad value.
 */
export function withEmptyQueryValues<TInput extends Record<string, unknown>>(
  input: TInput,
  url: string,
  names: readonly (keyof TInput & string)[],
): TInput {
  const sent = new URL(url, 'http://localhost').searchParams;
  const restored = names.filter((name) => input[name] === undefined && sent.get(name) === '');

  return restored.length === 0
    ? input
    : { ...input, ...Object.fromEntries(restored.map((name) => [name, ''])) };
}
