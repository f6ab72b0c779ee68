import { randomBytes } from 'node:crypto';

import { SigningKeyModel } from '../models/signing-key.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

/** Reads the purpose's key, making it first if no process has (an upsert: a journaled write). */
async function readOrCreate(purpose: string): Promise<string> {
  const upsert = () =>
    SigningKeyModel.findOneAndUpdate(
      { purpose },
      { $setOnInsert: { key: randomBytes(32).toString('base64url') } },
      { upsert: true, returnDocument: 'after' },
    ).lean<{ key: string }>();
  try {
    return (await upsert()).key;
  } catch (error) {
    // Two processes made it at once: the other one's key is stored now.
    if (!isDuplicateKeyError(error)) {
      throw error;
    }

    return (await upsert()).key;
  }
}

/**
 * Keys already read by this process. A key never changes once made, so after the first read a
 * check of a link (reachable by anyone, with any garbage) costs no database write. Kept per
 * database, as one process (a test run) may use several.
 */
const known = new Map<string, Promise<string>>();

/** The install's random key for a purpose, made by whichever process needs it first. */
export const signingKeyRepository = {
  getOrCreate(purpose: string): Promise<string> {
    const { host, port, name } = SigningKeyModel.db;
    const slot = `${host}:${port}/${name}#${purpose}`;
    const cached = known.get(slot);
    if (cached) {
      return cached;
    }
    const reading = readOrCreate(purpose);
    known.set(slot, reading);
    // A failed read is not kept: the next caller tries again.
    reading.catch(() => known.delete(slot));

    return reading;
  },
};
