// `npm start` after bootstrap: runs the whole system on embedded defaults, in the foreground.
// Builds the programs once (turbo, cached; see app-build.mjs) and runs their compiled JavaScript.
// Starts (unless MONGODB_URI / REDIS_URL / SMTP_URL point elsewhere) the embedded engine with data
// under .data/mongo, a private redis-server with data under .data/redis and a local SMTP catcher
// (loopback, with a login made up for this run), then the server and the worker.
// The embedded services listen only on Unix sockets in the owner-only .data/run/, and everything
// under .data/ is owner-only (0700 folders, 0600 files), so other local accounts reach nothing.
// Each child gets its own process group so that Ctrl-C reaches only this script, which then stops
// them in order: server and worker first (they finish in-flight work), then Redis and the engine.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

import { buildStartedPackages, entryArgs, runsFromSources } from './app-build.mjs';
import { ensureDashboardBuild } from './dashboard-build.mjs';
import {
  acquirePidLock,
  assertSocketPathFits,
  embeddedServices,
  maskUrlCredentials,
  parsePort,
  PidLockHeldError,
  REPO_ROOT,
  writeStartSettings,
} from '@formwell/local-services';

const root = REPO_ROOT;
const env = { ...process.env };
const embedded = settingsOrExit(() => embeddedServices(env));
const { dataDir } = embedded;
const fromSources = runsFromSources(env);
const port = settingsOrExit(() => parsePort(env.PORT, 'PORT') ?? 3000);
// Empty counts as unset, as the server reads it (an empty HOST= line in .env).
const host = env.HOST || '127.0.0.1';
const children = [];
let stopping = false;

function log(line) {
  process.stderr.write(`formwell: ${line}\n`);
}

/** A bad setting stops the start with one line naming it, before anything is started. */
function settingsOrExit(read) {
  try {
    return read();
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    process.exit(2);
  }
}

/**
 * The CLI command the banner suggests, led by the settings that point it at this start's embedded
 * services when they are not the defaults: a CLI in another terminal without them looks elsewhere.
 */
function cliCommand() {
  const settings = ['FORMWELL_DATA_DIR', 'EMBEDDED_MONGO_PORT', 'EMBEDDED_REDIS_PORT']
    .filter((name) => process.env[name])
    .map((name) => `${name}=${shellWord(process.env[name])}`);

  return [...settings, 'npm run formwell --'].join(' ');
}

/** A value as one shell word: quoted when it holds anything a shell would split or expand. */
function shellWord(value) {
  return /^[\w@%+=:,./-]+$/.test(value) ? value : `'${value.replaceAll("'", "'\\''")}'`;
}

/** Where the worker's emails go: the configured SMTP server, or the local catcher, read by the CLI. */
function mailDestination(catcherPort) {
  return catcherPort === undefined
    ? `SMTP ${maskUrlCredentials(env.SMTP_URL)}`
    : `caught locally (no SMTP_URL; catcher on 127.0.0.1:${catcherPort}): ${cliCommand()} mail list, mail show ID`;
}

/** Node arguments that run a package's program (`entry` is its source path), compiled or from sources. */
function programArgs(packageDir, entry, args = []) {
  return [...entryArgs({ root, packageDir, entry, fromSources }), ...args];
}

/** Starts a workspace package's program as a supervised child. */
function startProgram(name, packageDir, entry, args = [], options = {}) {
  return startProcess(name, process.execPath, programArgs(packageDir, entry, args), {
    cwd: join(root, packageDir),
    env,
    ...options,
  });
}

/**
 * A crashed worker is restarted after this delay, doubled for each crash in a row up to the cap; a
 * worker that ran for RESTART_STABLE_MS since its last start begins again at the first delay.
 */
const RESTART_FIRST_DELAY_MS = 1_000;
const RESTART_MAX_DELAY_MS = 30_000;
const RESTART_STABLE_MS = 60_000;
/**
 * A worker that crashes this many times in a row (about 30 s of retries), or before everything was
 * ready, is taken for a fault no restart mends (a bad setting, say): everything stops with exit code
 * 1 and the log says why, rather than the API taking submissions whose mail and webhooks never go.
 */
const RESTART_GIVE_UP_AFTER = 5;
/** Set once the banner is printed: from then on, a crashed worker is restarted. */
let everythingReady = false;

/**
 * `ipc: true` opens a message channel to the child (it reports what it chose, e.g. its port).
 * `restartOnCrash: true` (the worker): an unexpected exit restarts it with backoff while the rest
 * keeps running, since its jobs wait in Redis and the API needs it only for what runs later. Any
 * other child's unexpected exit stops everything with exit code 1: without the API or a database
 * nothing is served, and the supervisor around `npm start` (systemd, Docker) restarts it whole.
 * `stdout: 'ignore'` drops what the child prints on stdout (its errors still reach stderr).
 */
function startProcess(
  name,
  command,
  args,
  { ipc = false, restartOnCrash = false, stdout = 'inherit', ...options },
) {
  const stdio = ['ignore', stdout, 'inherit', ...(ipc ? ['ipc'] : [])];
  let crashesInARow = 0;
  const launch = () => {
    const startedAt = Date.now();
    const child = spawn(command, args, { ...options, stdio, detached: true });
    const entry = { name, child, exited: new Promise((resolve) => child.once('exit', resolve)) };
    child.once('error', (error) => {
      log(`${name} could not start: ${error.message}`);
      void stopAll(1);
    });
    child.once('exit', (code, signal) => {
      if (stopping) return;
      const why = signal ?? `code ${code}`;
      crashesInARow = Date.now() - startedAt >= RESTART_STABLE_MS ? 1 : crashesInARow + 1;
      if (!restartOnCrash || !everythingReady || crashesInARow >= RESTART_GIVE_UP_AFTER) {
        const when = restartOnCrash && everythingReady ? ` (crash ${crashesInARow} in a row)` : '';
        log(`${name} exited unexpectedly (${why})${when}; stopping everything`);
        void stopAll(1);

        return;
      }
      children.splice(children.indexOf(entry), 1);
      const delay = Math.min(RESTART_FIRST_DELAY_MS * 2 ** (crashesInARow - 1), RESTART_MAX_DELAY_MS);
      log(
        `${name} exited unexpectedly (${why}); restarting it in ${delay / 1000} s ` +
          `(crash ${crashesInARow} in a row; the API keeps serving)`,
      );
      setTimeout(() => {
        if (!stopping) launch();
      }, delay);
    });
    children.push(entry);
    log(`${name} started (pid ${child.pid})`);

    return entry;
  };

  return launch();
}

/** Waits until a TCP port on 127.0.0.1 (a number) or a Unix socket (a path) accepts connections. */
async function waitForListener(name, target, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    const open = await new Promise((resolve) => {
      const socket = createConnection(
        typeof target === 'number' ? { port: target, host: '127.0.0.1' } : { path: target },
      );
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${name} did not listen on ${target} within ${timeoutMs / 1000} s`);
}

/**
 * Waits for the server's own word that it listens on HOST:PORT. Probing the port instead would
 * announce whatever program took it since refuseTakenPort (the build in between takes minutes), and
 * would never reach a server on an IPv6 or non-loopback HOST. Returns early once everything stops
 * (the server exited: its exit handler says why).
 */
async function serverListening(child, timeoutMs) {
  const outcome = await Promise.race([
    new Promise((resolve) => child.on('message', (message) => message?.listening && resolve('listening'))),
    new Promise((resolve) => child.once('exit', () => resolve('exited'))),
    sleep(timeoutMs).then(() => 'timed out'),
  ]);
  if (outcome === 'timed out' && !stopping) {
    throw new Error(`server did not listen on ${host}:${port} within ${timeoutMs / 1000} s`);
  }
}

async function stopGroup(entries, signal = 'SIGTERM', graceMs = 15_000) {
  await Promise.all(
    entries.map(async ({ name, child, exited }) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      try {
        process.kill(-child.pid, signal);
      } catch {
        return;
      }
      const timer = setTimeout(() => {
        log(`${name} did not stop within ${graceMs / 1000} s; killing it`);
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          /* already gone */
        }
      }, graceMs);
      await exited;
      clearTimeout(timer);
    }),
  );
}

async function stopAll(exitCode) {
  if (stopping) return;
  stopping = true;
  log('stopping ...');
  // The catcher stops with the databases, after the worker has stopped sending.
  const apps = children.filter(({ name }) => name === 'server' || name === 'worker');
  await stopGroup(apps);
  await stopGroup(children.filter((entry) => !apps.includes(entry)));
  log('stopped');
  process.exit(exitCode);
}

// `on`, not `once`: the signal usually comes twice (npm forwards to its script the signal the whole
// process group got), and a second one must not kill this script with its children still running.
process.on('SIGINT', () => void stopAll(0));
process.on('SIGTERM', () => void stopAll(0));
// Last resort if this script dies some other way: never leave a child behind.
process.once('exit', () => {
  for (const { child } of children) {
    if (child.exitCode === null && child.signalCode === null) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        /* already gone */
      }
    }
  }
});

/**
 * One `npm start` per data folder. A second one would start its own redis-server on the same
 * socket and append-only files and, on its way out, remove the socket the running one uses, cutting
 * its CLI and any reconnecting program off from Redis. The lock (the product's one pid lock, also
 * the engine's) names the start that owns the folder; one whose process is gone (a crash, a reboot,
 * its pid reused since) is taken over.
 */
async function takeStartLock(path) {
  try {
    const lock = await acquirePidLock(path);
    process.once('exit', () => lock.release());
  } catch (error) {
    if (!(error instanceof PidLockHeldError)) throw error;
    log(
      `another npm start (pid ${error.ownerPid ?? 'unknown'}) already runs with the data folder ${dataDir}`,
    );
    log('  stop it first, or give this one another folder with FORMWELL_DATA_DIR');
    process.exit(2);
  }
}

/**
 * Stops the start (exit 2) when another program already listens on PORT, before anything is built
 * or started: the server would fail to listen only after the readiness probe had found that other
 * program and the banner had announced its address as ours.
 */
async function refuseTakenPort() {
  const probe = createServer();
  const failure = await new Promise((resolve) => {
    probe.once('error', resolve);
    probe.listen(port, host, () => probe.close(() => resolve(undefined)));
  });
  if (failure?.code !== 'EADDRINUSE') return; // anything else, the server itself reports
  log(`port ${port} on ${host} is already in use (another npm start, or another program)`);
  log('  stop it first, or give this one a free port with PORT');
  process.exit(2);
}

/**
 * Makes the data folder owner-only, including what earlier versions created world-readable:
 * folders 0700, files 0600. Symbolic links are left alone (chmod would follow them out of .data/).
 */
function tightenDataDir(path) {
  const stats = lstatSync(path, { throwIfNoEntry: false });
  if (!stats || stats.isSymbolicLink()) return;
  if (stats.isDirectory()) {
    chmodSync(path, 0o700);
    for (const entry of readdirSync(path)) tightenDataDir(join(path, entry));
  } else if (stats.isFile()) {
    chmodSync(path, 0o600);
  }
}

/** A private folder: created owner-only, and tightened if it existed before. */
function ownerOnlyDir(path) {
  mkdirSync(path, { recursive: true, mode: 0o700 });
  chmodSync(path, 0o700);
}

/** The custom-webhook secret is generated once and kept under .data/. */
/**
 * A secret generated on the first start and kept (owner-only) under .data/, so that senders set up
 * once keep working across restarts; an environment variable of the same name takes precedence.
 */
function keptSecret(fileName, generate) {
  const file = join(dataDir, fileName);
  if (!existsSync(file)) {
    writeFileSync(file, generate(), { mode: 0o600 });
  }

  return readFileSync(file, 'utf8').trim();
}

/**
 * The local SMTP catcher (no SMTP_URL): the worker sends real SMTP to it, and it keeps each message
 * for `pnpm formwell mail list` / `mail show`. Loopback only, behind a login made up for this run,
 * so no other local account reads or injects mail. Answers the SMTP_URL the worker gets and the port.
 */
async function startMailCatcher() {
  const user = 'formwell';
  const password = randomBytes(24).toString('base64url');
  const { child, exited } = startProgram('mail-catcher', 'apps/worker', 'src/mail-catcher/main.ts', [], {
    env: { ...env, MAIL_CATCHER_USER: user, MAIL_CATCHER_PASSWORD: password },
    ipc: true,
  });
  const port = await Promise.race([
    new Promise((resolve) => child.on('message', (message) => resolve(message?.smtpPort))),
    exited.then(() => {
      throw new Error('mail-catcher exited before listening');
    }),
    sleep(60_000).then(() => {
      throw new Error('mail-catcher did not listen within 60 s');
    }),
  ]);

  return { port, url: `smtp://${user}:${password}@127.0.0.1:${port}` };
}

/** `npm start -- --demo`: once the system is up, seed a demo owner, key and forms, and print them. */
/**
 * Whether the database holds a user yet (asked through the CLI's `user list`, so the banner's
 * "first user" hint stops once there is one). Any failure counts as "no": the hint is harmless.
 */
async function hasUsers() {
  const child = spawn(
    process.execPath,
    programArgs('apps/cli', 'src/main.ts', ['user', 'list', '--limit', '1']),
    {
      cwd: join(root, 'apps/cli'),
      env,
      stdio: ['ignore', 'pipe', 'ignore'],
    },
  );
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  const code = await new Promise((resolve) => child.once('exit', resolve));
  try {
    return code === 0 && JSON.parse(out).users.length > 0;
  } catch {
    return false;
  }
}

/** The banner's name-and-value lines, the values in one column. */
function bannerLines(rows) {
  const width = Math.max(...rows.map(([name]) => name.length)) + 2;

  return rows.map(([name, value]) => `  ${name.padEnd(width)}${value}`).join('\n');
}

/**
 * The address to open: `localhost` for a server on a loopback or wildcard address (it answers that
 * name, and a browser treats it as a secure context), the configured host otherwise.
 */
function browsableHost() {
  return ['127.0.0.1', '0.0.0.0', '::', '::1', 'localhost'].includes(host) ? 'localhost' : host;
}

async function seedDemo() {
  const child = spawn(process.execPath, programArgs('apps/cli', 'src/main.ts', ['demo', 'seed']), {
    cwd: join(root, 'apps/cli'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise((resolve) => child.once('exit', resolve));
  if (code !== 0) {
    log(`demo seed failed (exit ${code}); the system keeps running`);
  }
}

async function main() {
  // Everything this script and its children create is owner-only from the start (files 0600,
  // folders 0700); what an earlier version left readable is tightened before anything starts.
  process.umask(0o077);
  ownerOnlyDir(dataDir);
  tightenDataDir(dataDir);
  ownerOnlyDir(embedded.socketDir);
  await takeStartLock(embedded.startLockFile);
  await refuseTakenPort();
  writeStartSettings(embedded, env);
  env.CUSTOM_WEBHOOK_SECRET ??= keptSecret('custom-webhook-secret', () =>
    randomBytes(32).toString('base64url'),
  );
  if (env.STRIPE_SECRET_KEY && !env.STRIPE_WEBHOOK_SECRET) {
    // Real Stripe signs with the endpoint's own secret: with the generated one every event is refused.
    log('STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: payment events will be refused');
    log('  until it holds the signing secret of your Stripe webhook endpoint');
  }
  // Stripe's own format (whsec_ + base64), as `stripe listen` prints it for local forwarding.
  env.STRIPE_WEBHOOK_SECRET ??= keptSecret(
    'stripe-webhook-secret',
    () => `whsec_${randomBytes(32).toString('base64')}`,
  );

  if (!fromSources) {
    buildStartedPackages(root, log);
  }

  if (!env.MONGODB_URI) {
    const { mongoPort, mongoSocket } = embedded;
    ownerOnlyDir(embedded.mongoDir);
    if (mongoPort === undefined) assertSocketPathFits(mongoSocket);
    const listenOn = mongoPort === undefined ? ['--socket', mongoSocket] : ['--port', String(mongoPort)];
    // The engine prints its connection string on stdout; the banner gives it once everything is
    // ready, so the bare line it would add among the start's messages is left out.
    startProgram(
      'embedded-mongo',
      'packages/embedded-mongo',
      'src/cli.ts',
      [...listenOn, '--dbpath', embedded.mongoDir],
      { stdout: 'ignore' },
    );
    env.MONGODB_URI = embedded.mongoUri;
    await waitForListener('embedded-mongo', mongoPort ?? mongoSocket);
  }
  if (!env.REDIS_URL) {
    const { redisSocket, redisPort } = embedded;
    if (redisPort === undefined) assertSocketPathFits(redisSocket);
    ownerOnlyDir(embedded.redisDir);
    // By default no TCP listener at all, only the owner-only socket; EMBEDDED_REDIS_PORT (like
    // EMBEDDED_MONGO_PORT) listens on that loopback port instead, reachable by every local account.
    const listenOn =
      redisPort === undefined
        ? ['--port', '0', '--unixsocket', redisSocket, '--unixsocketperm', '700']
        : ['--port', String(redisPort), '--bind', '127.0.0.1'];
    startProcess(
      'redis-server',
      'redis-server',
      [
        ...listenOn,
        '--dir',
        embedded.redisDir,
        '--appendonly',
        'yes',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
        '--logfile',
        join(embedded.redisDir, 'redis.log'),
      ],
      { cwd: root, env },
    );
    env.REDIS_URL = embedded.redisUrl;
    await waitForListener('redis-server', redisPort ?? redisSocket);
  }

  // An empty SMTP_URL counts as unset, as the worker reads it.
  let catcherPort;
  if (!env.SMTP_URL) {
    const catcher = await startMailCatcher();
    catcherPort = catcher.port;
    env.SMTP_URL = catcher.url;
  }

  // Before the server starts: it reads the build's file list once, at boot. A failed build leaves
  // the API running (the server starts without a dashboard and says so).
  try {
    ensureDashboardBuild(root, log);
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
  }
  startProgram('worker', 'apps/worker', 'src/main.ts', [], { restartOnCrash: true });
  // The embedded default migrates its own database at start; production runs `formwell db migrate`.
  const server = startProgram('server', 'apps/server', 'src/main.ts', [], {
    env: { ...env, MIGRATE_ON_START: env.MIGRATE_ON_START ?? 'true' },
    ipc: true,
  });
  const usersExist = hasUsers();
  await serverListening(server.child, 60_000);
  if (stopping) return;

  const base = `http://${browsableHost()}:${port}`;
  everythingReady = true;
  const rows = [
    ['dashboard', `${base}/   (sign up there, or log in with a user made by the CLI or the demo)`],
    ['API', `${base}/api/v1`],
    ['API reference', `${base}/docs   (OpenAPI document: ${base}/api/v1/openapi.json)`],
    ['health', `${base}/healthz   readiness: ${base}/readyz`],
    ['database', maskUrlCredentials(env.MONGODB_URI)],
    ['redis', maskUrlCredentials(env.REDIS_URL)],
    ['mail', mailDestination(catcherPort)],
    ['CLI', `${cliCommand()} --help   (in another terminal)`],
    ...((await usersExist)
      ? []
      : [
          [
            'first user',
            `${cliCommand()} user create --email you@example.com --password-stdin --plan PRO   (type the password, then Ctrl-D)`,
          ],
          ['first key', `${cliCommand()} key create --user <id from above> --name default`],
        ]),
    ['demo data', `${cliCommand()} demo seed   (or start with: npm start -- --demo)`],
  ];
  log(`ready\n${bannerLines(rows)}\nPress Ctrl-C to stop.`);
  if (process.argv.includes('--demo')) {
    await seedDemo();
  }
}

main().catch((error) => {
  log(maskUrlCredentials(error instanceof Error ? error.message : String(error)));
  void stopAll(1);
});
