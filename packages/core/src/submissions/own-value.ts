/**
 * The value a submission stored under `key`, or undefined. Keys are chosen by whoever submits (and
 * field names by the owner), so a key may be named like a built-in member (`toString`,
 * `constructor`): a plain `record[key]` would read the inherited function where nothing was sent.
 */
export function ownValue(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
