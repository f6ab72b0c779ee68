import { randomBytes } from 'node:crypto';

import { SigningKeyModel } from '../models/signing-key.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';

/** The install's random key for a purpose, made by whichever process needs it first. */
export const signingKeyRepository = {
  async getOrCreate(purpose: string): Promise<string> {
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
  },
};
