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
 * Parses one URL of REDIS_URL without ever repeating it: Node's own parse error carries the whole
 * input (password included) in an enumerable field, which a structured logger would print.
 */
function parseRedisUrl(url: string, position: number): URL {
  const parsed = URL.parse(url);
  if (!parsed) {
    throw new Error(redisUrlInvalidMessage(position));
  }

  return parsed;
}

/** Names the URL by its place in the list only: the URL may hold a password. */
function redisUrlInvalidMessage(position: number): string {
  return `REDIS_URL: URL ${position + 1} is not a valid URL`;
}

const CLUSTER_NODES_MIXED_MESSAGE =
  'the Redis Cluster nodes must share one scheme (redis:// or rediss://) and one set of credentials: ' +
  'the first URL sets them for every node, so a later URL may leave them out but not name others';

/**
 * Whether a list of cluster nodes asks for one connection setting: every node is reached with the
 * first URL's TLS and credentials (see clusterTarget), so a later URL with another scheme or other
 * credentials would be silently ignored, e.g. connect without TLS where one URL asked for it.
 */
function sharesFirstNodeSettings(urls: URL[]): boolean {
  const [first, ...rest] = urls;

  return rest.every(
    (url) =>
      url.protocol === first?.protocol &&
      ((url.username === '' && url.password === '') ||
        (url.username === first.username && url.password === first.password)),
  );
}

/**
 * How REDIS_URL is validated wherever it is read: TCP (optionally TLS), or a Unix socket as the
 * embedded default uses; or a comma-separated list of TCP URLs, the nodes of a Redis Cluster (a
 * cluster is never reached through one local socket) sharing one scheme and one set of credentials.
 * The messages name the common forms and a URL's place in the list, never its text.
 */
export const ZRedisUrl = z.string().superRefine((value, ctx) => {
  const urls = redisUrls(value);
  if (urls.length === 0 || urls.some((url) => !REDIS_URL_PATTERN.test(url))) {
    ctx.addIssue({ code: 'custom', message: 'must be a redis:// or rediss:// URL' });

    return;
  }
  const invalid = urls.findIndex((url) => !URL.canParse(url));
  if (invalid !== -1) {
    ctx.addIssue({ code: 'custom', message: redisUrlInvalidMessage(invalid) });
  } else if (urls.length > 1 && urls.some((url) => !TCP_URL_PATTERN.test(url))) {
    ctx.addIssue({
      code: 'custom',
      message: 'a list of Redis Cluster nodes must be redis:// or rediss:// URLs',
    });
  } else if (!sharesFirstNodeSettings(urls.map((url, position) => parseRedisUrl(url, position)))) {
    ctx.addIssue({ code: 'custom', message: CLUSTER_NODES_MIXED_MESSAGE });
  }
});

/**
 * What ioredis needs to connect: a socket URL becomes its `path` option (ioredis does not read the
 * `unix:` scheme itself); anything else is a URL it parses.
 */
export function redisTarget(url: string): { url: string } | { options: RedisOptions } {
  if (url.startsWith(UNIX_SOCKET_PREFIX)) {
    return { options: { path: decodeURIComponent(parseRedisUrl(url, 0).pathname) } };
  }
  // Refused here with a clean message rather than by ioredis's parser, whose error may quote it.
  parseRedisUrl(url, 0);

  return { url };
}

/**
 * A cluster node's address, and what every node connection shares: the credentials and TLS of the
 * first URL, which later URLs may repeat but not contradict (ioredis applies the startup nodes' own settings only to those nodes, not to the ones
 * it discovers from the cluster's slot table).
 */
export function clusterTarget(urls: string[]): {
  nodes: { host: string; port: number }[];
  shared: RedisOptions;
} {
  const parsed = urls.map((url, position) => {
    if (!TCP_URL_PATTERN.test(url)) {
      throw new Error('a Redis Cluster is reached over redis:// or rediss:// URLs, not a socket');
    }

    return parseRedisUrl(url, position);
  });
  if (!sharesFirstNodeSettings(parsed)) {
    throw new Error(CLUSTER_NODES_MIXED_MESSAGE);
  }
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
