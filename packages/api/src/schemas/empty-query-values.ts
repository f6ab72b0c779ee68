/**
 * The REST adapter leaves empty query values out of the input (`?timeRange=` arrives as no
 * `timeRange`), so a procedure whose default must not stand in for a bad value asks the URL:
 * a parameter sent empty comes back as `''` and fails validation like any other bad value.
 */
export function sentEmpty(url: string, name: string): '' | undefined {
  return new URL(url, 'http://localhost').searchParams.get(name) === '' ? '' : undefined;
}
