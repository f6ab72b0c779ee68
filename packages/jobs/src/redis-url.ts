import type { RedisOptions } from 'ioredis';
import { z } from 'zod';

/** A Redis reached over a Unix socket is written `unix:///absolute/path/to/redis.sock`. */
const UNIX_SOCKET_PREFIX = 'unix://';

/**
 * How REDIS_URL is validated wherever it is read: TCP (optionally TLS), or a Unix socket as the
 * embedded default uses. The message names the common forms; the socket form is documented with
 * the setting.
 */
export const ZRedisUrl = z
  .string()
  .regex(/^(rediss?:\/\/|unix:\/\/\/)/, 'must be a redis:// or rediss:// URL');

/**
 * What ioredis needs to connect: a socket URL becomes its `path` option (ioredis does not read the
 * `unix:` scheme itself); anything else is a URL it parses.
 */
export function redisTarget(url: string): { url: string } | { options: RedisOptions } {
  if (url.startsWith(UNIX_SOCKET_PREFIX)) {
    return { options: { path: decodeURIComponent(new URL(url).pathname) } };
  }

  return { url };
}
