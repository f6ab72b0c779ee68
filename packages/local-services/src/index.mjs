// The one owner of where `npm start` keeps its embedded services, read by start.mjs and by the CLI
// so that both find the same database from the same settings. Plain JavaScript because start.mjs
// runs under bare Node before any TypeScript tooling is loaded; a workspace package (not a file
// under scripts/) so that the compiled apps still find it once deployed outside the repository.
import { readFileSync, writeFileSync } from 'node:fs';
import { isAbsolute, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

import { isPidLockHeld } from './pid-lock.mjs';

/** The repository root: a relative FORMWELL_DATA_DIR means the same folder whatever the cwd. */
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));

/** The database name the apps use on the embedded engine. */
const EMBEDDED_DATABASE = 'formwell';

/** A Unix socket path longer than this does not fit in sockaddr_un on Linux and macOS. */
const MAX_SOCKET_PATH_BYTES = 103;

/**
 * Where the embedded services live for these settings. By default the engine and redis-server
 * listen only on Unix sockets in an owner-only (0700) directory, so no other local account can
 * reach them; EMBEDDED_MONGO_PORT opts the engine into loopback TCP instead (for tools that
 * cannot use a socket, such as Compass), which every local account can then reach, and
 * EMBEDDED_REDIS_PORT does the same for redis-server.
 */
export function embeddedServices(env = process.env) {
  const dataDir = resolveDataDir(env.FORMWELL_DATA_DIR);
  const socketDir = join(dataDir, 'run');
  const mongoSocket = join(socketDir, 'mongo.sock');
  const redisSocket = join(socketDir, 'redis.sock');
  const mongoPort = parsePort(env.EMBEDDED_MONGO_PORT, 'EMBEDDED_MONGO_PORT');
  const redisPort = parsePort(env.EMBEDDED_REDIS_PORT, 'EMBEDDED_REDIS_PORT');
  const mongoUri =
    mongoPort === undefined
      ? `mongodb://${encodeURIComponent(mongoSocket)}/${EMBEDDED_DATABASE}`
      : `mongodb://127.0.0.1:${mongoPort}/${EMBEDDED_DATABASE}`;

  return {
    dataDir,
    socketDir,
    mongoDir: join(dataDir, 'mongo'),
    redisDir: join(dataDir, 'redis'),
    mongoSocket,
    redisSocket,
    mongoPort,
    mongoUri,
    redisPort,
    startSettingsFile: join(socketDir, 'start-settings.json'),
    // Held by the running `npm start` of this folder, so its settings apply only while it runs.
    startLockFile: join(socketDir, 'start.pid'),
    // Percent-encoded like a URL path, so a folder name with spaces, `?` or `#` survives parsing.
    redisUrl:
      redisPort === undefined
        ? `unix://${redisSocket.split('/').map(encodeURIComponent).join('/')}`
        : `redis://127.0.0.1:${redisPort}`,
  };
}

function resolveDataDir(configured) {
  if (!configured) return join(REPO_ROOT, '.data');

  return isAbsolute(configured) ? configured : resolve(REPO_ROOT, configured);
}

/** A TCP port setting (`name` names it in the error); undefined when unset or empty. */
export function parsePort(value, name) {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_535) {
    throw new Error(`${name} must be a TCP port between 1 and 65535, got "${value}"`);
  }

  return port;
}

/**
 * Settings of a running `npm start` that the CLI follows when its own environment leaves them
 * unset. ALLOW_PRIVATE_WEBHOOK_TARGETS: the CLI refuses a webhook URL on a private address only
 * because the worker would refuse every delivery to it; when the install it talks to was started
 * allowing them, that refusal would stop a receiver the worker reaches. EMBEDDED_MONGO_PORT and
 * EMBEDDED_REDIS_PORT: with them the services listen on TCP and not on their sockets, so a CLI
 * looking for the sockets would find no database, or store a key revoke without reaching the Redis
 * through which the servers drop their cached copy of the key. PORT and PUBLIC_URL: the addresses
 * the CLI prints (an owner's receiver URL) are the server's, which a CLI run in another terminal
 * without them would give as the default port's.
 */
const START_SETTINGS = [
  'ALLOW_PRIVATE_WEBHOOK_TARGETS',
  'EMBEDDED_MONGO_PORT',
  'EMBEDDED_REDIS_PORT',
  'PORT',
  'PUBLIC_URL',
];

/** The embedded services' own settings among START_SETTINGS (where they listen). */
const SERVICE_PORT_SETTINGS = ['EMBEDDED_MONGO_PORT', 'EMBEDDED_REDIS_PORT'];

/**
 * The embedded services as the `npm start` of this data folder runs them: the ports it listens on,
 * where the environment names none, come from its record (the folder alone locates the record).
 * With them, `settings`: the whole record (see readStartSettings), read once.
 */
export function startedEmbeddedServices(env = process.env) {
  const settings = readStartSettings(embeddedServices(env));
  const withPorts = { ...env };
  for (const name of SERVICE_PORT_SETTINGS) {
    withPorts[name] ||= settings[name];
  }

  return { embedded: embeddedServices(withPorts), settings };
}

/** Records, for the CLI, those settings as `npm start` runs with them (rewritten at each start). */
export function writeStartSettings(services, env) {
  const settings = Object.fromEntries(
    START_SETTINGS.flatMap((name) => (env[name] ? [[name, env[name]]] : [])),
  );
  writeFileSync(services.startSettingsFile, JSON.stringify(settings), { mode: 0o600 });
}

/**
 * Those settings of the `npm start` of these services; none when it never ran, left no record, or
 * no longer runs. A stopped start's record is stale: its TCP ports are free, and any local account
 * may be listening on them by now, so a CLI following them could hand its data to a stranger.
 */
function readStartSettings(services) {
  if (!isPidLockHeld(services.startLockFile)) {
    return {};
  }
  let settings;
  try {
    settings = JSON.parse(readFileSync(services.startSettingsFile, 'utf8'));
  } catch {
    return {};
  }

  return Object.fromEntries(
    START_SETTINGS.flatMap((name) => (typeof settings?.[name] === 'string' ? [[name, settings[name]]] : [])),
  );
}

/** Refuses a socket path the kernel would truncate, naming the setting that shortens it. */
export function assertSocketPathFits(path) {
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `the socket path ${path} is longer than ${MAX_SOCKET_PATH_BYTES} bytes; set FORMWELL_DATA_DIR to a shorter folder`,
    );
  }
}

/**
 * Hides the user:password part of every URL in a text (connection strings in banners, logs and
 * error messages), keeping the rest readable: `redis://user:secret@host` → `redis://***@host`.
 */
export function maskUrlCredentials(text) {
  return String(text).replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@]+@/gi, '$1***@');
}

export { acquirePidLock, PidLockHeldError } from './pid-lock.mjs';
