import type { RedisOptions } from 'ioredis';
import { z } from 'zod';

/** A Redis reached over a Unix socket is written `unix:///absolute/path/to/redis.sock`. */
const UNIX_SOCKET_PREFIX = 'unix://';

const REDIS_URL_PATTERN = /^(rediss?:\/\/|unix:\/\/\/)/;
const TCP_URL_PATTERN = /^rediss?:\/\//;

/**
 * The URLs REDIS_URL lists: one for a single Redis, several (comma-separated) for the startup
 * nodes of a Redis Cluster. Blanks around the commas are forgiven, as operators write lists by hand.
 */
export function redisUrls(value: string): string[] {
  return value
    .split(',')
    .map((url) => url.trim())
    .filter((url) => url.length > 0);
}

/**
 * How REDIS_URL is validated wherever it is read: TCP (optionally TLS), or a Unix socket as the
 * embedded default uses; or a comma-separated list of TCP URLs, the nodes of a Redis Cluster (a
 * cluster is never reached through one local socket). The message names the common forms; the
 * socket form is documented with the setting.
 */
export const ZRedisUrl = z.string().superRefine((value, ctx) => {
  const urls = redisUrls(value);
  if (urls.length === 0 || urls.some((url) => !REDIS_URL_PATTERN.test(url))) {
    ctx.addIssue({ code: 'custom', message: 'must be a redis:// or rediss:// URL' });
  } else if (urls.length > 1 && urls.some((url) => !TCP_URL_PATTERN.test(url))) {
    ctx.addIssue({
      code: 'custom',
      message: 'a list of Redis Cluster nodes must be redis:// or rediss:// URLs',
    });
  }
});

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

/**
 * A cluster node's address, and what every node connection shares: the credentials and TLS of the
 * first URL (ioredis applies the startup nodes' own settings only to those nodes, not to the ones
 * it discovers from the cluster's slot table).
 */
export function clusterTarget(urls: string[]): {
  nodes: { host: string; port: number }[];
  shared: RedisOptions;
} {
  const parsed = urls.map((url) => {
    if (!TCP_URL_PATTERN.test(url)) {
      throw new Error('a Redis Cluster is reached over redis:// or rediss:// URLs, not a socket');
    }

    return new URL(url);
  });
  const first = parsed[0];
  if (!first) {
    throw new Error('a Redis Cluster needs at least one node URL');
  }

  return {
    nodes: parsed.map((url) => ({ host: url.hostname, port: Number(url.port || 6379) })),
    shared: {
      ...(first.username ? { username: decodeURIComponent(first.username) } : {}),
      ...(first.password ? { password: decodeURIComponent(first.password) } : {}),
      ...(first.protocol === 'rediss:' ? { tls: {} } : {}),
    },
  };
}
