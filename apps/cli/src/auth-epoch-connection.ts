import type { TAuthEpochStore } from '@formwell/core';
import { createProducerConnection, type TRedisClient } from '@formwell/jobs';

/**
 * The CLI writes to MongoDB directly, so the servers' cached authentication would not know of a
 * key it revokes, a plan it sets or an account it deletes: it bumps the user's auth epoch in the
 * servers' Redis (REDIS_URL) like the servers do. Connected on first use only, so commands that
 * change no authentication never need Redis. When Redis cannot be reached the command fails after
 * its MongoDB write with a message saying so (exit 1), and running it again once Redis is back
 * repeats the bump (revoking twice, setting the same plan again are harmless).
 */
export function authEpochConnection({
  url,
  cluster,
}: {
  url: string;
  cluster: boolean;
}): TAuthEpochStore & { close(): void } {
  let client: Promise<TRedisClient> | undefined;
  const connect = async () => {
    // One attempt, no reconnect loop: an operator's command reports the outage instead of hanging.
    const redis = createProducerConnection(url, {
      cluster,
      lazyConnect: true,
      retryStrategy: () => null,
    });
    redis.on('error', () => {
      // Reported by the failed command itself.
    });
    await redis.connect();

    return redis;
  };

  return {
    async set(key, value, expiry, seconds) {
      client ??= connect();

      return (await client).set(key, value, expiry, seconds);
    },
    close() {
      void client?.then((redis) => redis.disconnect()).catch(() => undefined);
    },
  };
}
