import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's default algorithm) with its default cost parameters. */
export const password = {
  hash(plain: string): Promise<string> {
    return hash(plain);
  },

  async verify(hashed: string, plain: string): Promise<boolean> {
    try {
      return await verify(hashed, plain);
    } catch {
      // A malformed stored hash is a failed login, not a 500.
      return false;
    }
  },
};
