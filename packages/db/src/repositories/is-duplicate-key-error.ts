/** True for MongoDB's E11000 (unique index violation), from the driver or the embedded engine. */
export function isDuplicateKeyError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && error.code === 11000;
}
