// `npm start` after bootstrap: runs the whole system on embedded defaults, in the foreground.
// Starts (unless MONGODB_URI / REDIS_URL point elsewhere) the embedded engine with data under
// .data/mongo and a private redis-server with data under .data/redis, then the server and the worker.
// Each child gets its own process group so that Ctrl-C reaches only this script, which then stops
// them in order: server and worker first (they finish in-flight work), then Redis and the engine.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const root = new URL('..', import.meta.url).pathname;
const dataDir = process.env.FORMWELL_DATA_DIR ?? join(root, '.data');
const env = { ...process.env };
const port = Number(env.PORT ?? 3000);
const host = env.HOST ?? '127.0.0.1';
const children = [];
let stopping = false;

function log(line) {
  process.stderr.write(`formwell: ${line}\n`);
}

/** Node arguments that run a TypeScript entry point from its sources (no build step). */
function tsEntryArgs(entry, args = []) {
  return ['--import', 'tsx', '--conditions=@formwell/source', entry, ...args];
}

/** Starts a workspace package's TypeScript entry point as a supervised child. */
function startTs(name, packageDir, entry, args = []) {
  return startProcess(name, process.execPath, tsEntryArgs(entry, args), { cwd: join(root, packageDir), env });
}

function startProcess(name, command, args, options) {
  const child = spawn(command, args, { ...options, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const entry = { name, child, exited: new Promise((resolve) => child.once('exit', resolve)) };
  child.once('error', (error) => {
    log(`${name} could not start: ${error.message}`);
    void stopAll(1);
  });
  child.once('exit', (code, signal) => {
    if (!stopping) {
      log(`${name} exited unexpectedly (${signal ?? `code ${code}`}); stopping everything`);
      void stopAll(1);
    }
  });
  children.push(entry);
  log(`${name} started (pid ${child.pid})`);

  return entry;
}

async function waitForPort(name, portToCheck, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (stopping) return;
    const open = await new Promise((resolve) => {
      const socket = createConnection({ port: portToCheck, host: '127.0.0.1' });
      socket.once('connect', () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await sleep(100);
  }
  throw new Error(`${name} did not listen on port ${portToCheck} within ${timeoutMs / 1000} s`);
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
  const apps = children.filter(({ name }) => name === 'server' || name === 'worker');
  await stopGroup(apps);
  await stopGroup(children.filter((entry) => !apps.includes(entry)));
  log('stopped');
  process.exit(exitCode);
}

process.once('SIGINT', () => void stopAll(0));
process.once('SIGTERM', () => void stopAll(0));
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

/** The custom-webhook secret is generated once and kept under .data/ (decisions.md §13). */
function customWebhookSecret() {
  const file = join(dataDir, 'custom-webhook-secret');
  if (!existsSync(file)) {
    writeFileSync(file, randomBytes(32).toString('base64url'), { mode: 0o600 });
  }

  return readFileSync(file, 'utf8').trim();
}

/** `npm start -- --demo`: once the system is up, seed a demo owner, key and forms, and print them. */
async function seedDemo() {
  const child = spawn(process.execPath, tsEntryArgs('src/main.ts', ['demo', 'seed']), {
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
  mkdirSync(dataDir, { recursive: true });
  env.CUSTOM_WEBHOOK_SECRET ??= customWebhookSecret();

  if (!env.MONGODB_URI) {
    const mongoPort = Number(env.EMBEDDED_MONGO_PORT ?? 27018);
    mkdirSync(join(dataDir, 'mongo'), { recursive: true });
    startTs('embedded-mongo', 'packages/embedded-mongo', 'src/cli.ts', [
      '--port',
      String(mongoPort),
      '--dbpath',
      join(dataDir, 'mongo'),
    ]);
    env.MONGODB_URI = `mongodb://127.0.0.1:${mongoPort}/formwell`;
    await waitForPort('embedded-mongo', mongoPort);
  }
  if (!env.REDIS_URL) {
    const redisPort = Number(env.EMBEDDED_REDIS_PORT ?? 6380);
    mkdirSync(join(dataDir, 'redis'), { recursive: true });
    startProcess(
      'redis-server',
      'redis-server',
      [
        '--port',
        String(redisPort),
        '--bind',
        '127.0.0.1',
        '--dir',
        join(dataDir, 'redis'),
        '--appendonly',
        'yes',
        '--save',
        '',
        '--maxmemory-policy',
        'noeviction',
        '--logfile',
        join(dataDir, 'redis', 'redis.log'),
      ],
      { cwd: root, env },
    );
    env.REDIS_URL = `redis://127.0.0.1:${redisPort}`;
    await waitForPort('redis-server', redisPort);
  }

  startTs('worker', 'apps/worker', 'src/main.ts');
  startTs('server', 'apps/server', 'src/main.ts');
  await waitForPort('server', port, 60_000);

  const base = `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}`;
  log(`ready
  API          ${base}/api/v1
  API reference ${base}/docs   (OpenAPI document: ${base}/api/v1/openapi.json)
  health       ${base}/healthz   readiness: ${base}/readyz
  database     ${env.MONGODB_URI}
  redis        ${env.REDIS_URL}
  first user   pnpm formwell user create --email you@example.com --password 'a long password'
  first key    pnpm formwell key create --user <id from above> --name default
  demo data    pnpm formwell demo seed   (or start with: npm start -- --demo)
Press Ctrl-C to stop.`);
  if (process.argv.includes('--demo')) {
    await seedDemo();
  }
}

main().catch((error) => {
  log(error instanceof Error ? error.message : String(error));
  void stopAll(1);
});
