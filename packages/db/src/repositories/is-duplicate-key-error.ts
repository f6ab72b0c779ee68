/** True for MongoDB's E11000 (unique index violation), from the driver or the embedded engine. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;
}

/**
 * True for an E11000 on the named unique index only. Write errors of a client `bulkWrite` carry
 * just a code and mongod's message (`… index: <name> dup key: …`), so the name is read from the
 * message; a single write's error also carries `keyPattern`, which is not needed then.
 */
export function isDuplicateKeyOn(error: unknown, indexName: string): boolean {
  if (!isDuplicateKeyError(error)) {
    return false;
  }
  const { message, errmsg } = error as { message?: unknown; errmsg?: unknown };
  const text = [message, errmsg].filter((part) => typeof part === 'string').join(' ');

  return text.includes(` index: ${indexName} `);
}
