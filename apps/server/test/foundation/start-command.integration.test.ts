import { execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import {
  chmodSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

import getPort from 'get-port';
import { beforeAll, expect, test } from 'vitest';

import {
  childPids,
  commandLine,
  isAlive,
  repoRoot,
  startSystem,
  tcpListenPorts,
  waitFor,
  type StartedSystem,
} from '../helpers/start-system.js';
import { checkoutSession, signatureHeader, stripeEvent, stripeId } from '../helpers/stripe-events.js';
import { withTestLock } from '@formwell/vitest-config/test-locks';

const STARTUP_MS = 90_000;
// The worker sends the mail after the request that caused it; on a loaded machine that (and each
// `mail list`, a CLI process of its own) takes far longer than a start.
const MAIL_MS = 5 * 60_000;
// `npm start` compiles the programs before it starts them; with a cold turbo cache that takes
// minutes on a busy machine. The build runs (or replays) here once, under the repository-build lock
// (other test files build into the same dist/ folders), so that STARTUP_MS measures the start itself,
// whose build step is then a cache replay.
// A build or test may first wait for another file's build of the whole repository, which takes
// minutes on a busy machine.
const TEST_MS = 20 * 60_000;

beforeAll(async () => {
  const build = `import { buildStartedPackages } from './scripts/app-build.mjs';
    buildStartedPackages(process.cwd(), (line) => process.stderr.write(line + '\\n'));`;
  await withTestLock('repository-build', () =>
    promisify(execFile)(process.execPath, ['--input-type=module', '-e', build], {
      cwd: repoRoot,
      env: process.env,
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
}, TEST_MS);

/** Runs the operator CLI the way `pnpm formwell` does, with `stdin` piped in when given. */
async function formwell(env: NodeJS.ProcessEnv, args: string[], stdin = '') {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', '--conditions=@formwell/source', 'src/main.ts', ...args],
    { cwd: join(repoRoot, 'apps/cli'), env, stdio: ['pipe', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdin.end(stdin);
  const [code] = (await once(child, 'exit')) as [number | null];
  if (code !== 0) {
    throw new Error(`formwell ${args.join(' ')} exited ${code}: ${stderr}`);
  }

  return JSON.parse(stdout) as Record<string, unknown>;
}

/** The environment of `npm start` with nothing configured but its port and data folder. */
function embeddedEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    FORMWELL_DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  for (const name of ['MONGODB_URI', 'REDIS_URL', 'EMBEDDED_MONGO_PORT', 'EMBEDDED_REDIS_PORT', 'SMTP_URL']) {
    delete env[name];
  }

  return env;
}

/**
 * `npm start` until it is ready. It builds the dashboard when the build is missing or stale and the
 * server reads the build's files at boot, so no other test file may rebuild it meanwhile.
 */
function startSystemReady(
  env: NodeJS.ProcessEnv,
  base: string,
  args: string[] = [],
  options: { viaNpm?: boolean } = {},
): Promise<StartedSystem> {
  return withTestLock('repository-build', async () => {
    const system = startSystem(env, args, options);
    try {
      await waitUntilReady(base, system.output);
    } catch (error) {
      await system.cleanUp();
      throw error;
    }

    return system;
  });
}

async function waitUntilReady(base: string, output: () => string) {
  const ready = await waitFor(
    async () => {
      const response = await fetch(`${base}/readyz`);

      return response.status === 200 ? response : undefined;
    },
    STARTUP_MS,
    output,
  );
  expect(await ready.json()).toEqual({ status: 'ready', failing: [] });
  // The script prints the banner once the server says it listens, which may trail /readyz a little.
  await waitFor(() => Promise.resolve(output().includes('Press Ctrl-C') ? true : undefined), 10_000, output);
}

/** Every folder under `dir` (itself included) and every regular file, with its permission bits. */
function modesUnder(dir: string): { path: string; kind: 'dir' | 'file' | 'socket'; mode: number }[] {
  const stats = lstatSync(dir);
  const entry = { path: dir, mode: stats.mode & 0o777 };
  if (stats.isSocket()) return [{ ...entry, kind: 'socket' }];
  if (!stats.isDirectory()) return [{ ...entry, kind: 'file' }];

  return [{ ...entry, kind: 'dir' }, ...readdirSync(dir).flatMap((name) => modesUnder(join(dir, name)))];
}

/** A user, a key made by the CLI, and that key used on the running server: the same database. */
async function cliReachesServerDatabase(
  env: NodeJS.ProcessEnv,
  base: string,
  email: string,
): Promise<string> {
  const password = 'piped password, not an argument';
  const user = await formwell(env, ['user', 'create', '--email', email, '--password-stdin'], `${password}\n`);
  const key = await formwell(env, ['key', 'create', '--user', String(user.id), '--name', 'start test']);
  const forms = await fetch(`${base}/api/v1/forms/list`, { headers: { 'x-api-key': String(key.key) } });
  expect(forms.status).toBe(200);
  // The password came through standard input intact: the server accepts it.
  expect(await logInStatus(base, email, password)).toBe(200);

  return String(user.id);
}

/** Posts a payment event the way the provider does: its JSON body, signed with the shared secret. */
async function postPaymentEvent(base: string, secret: string, event: object) {
  const body = JSON.stringify(event);
  const response = await fetch(`${base}/api/webhooks/payments`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': signatureHeader(body, secret) },
    body,
  });

  return [response.status, await response.json()];
}

/** The owner's first Checkout completes, as the provider reports it; the worker then mails a welcome. */
async function completeCheckout(base: string, stripeSecret: string, userId: string) {
  const checkout = checkoutSession({
    userId,
    plan: 'STANDARD',
    customer: stripeId('cus'),
    subscription: stripeId('sub'),
  });
  expect(
    await postPaymentEvent(base, stripeSecret, stripeEvent('checkout.session.completed', checkout)),
  ).toEqual([200, { received: true }]);
}

type TListedMail = { id: string; to: string; subject: string; status: string };

/** The email to `to` as `mail list` shows it, once the worker has sent it to the catcher. */
function listedMailTo(env: NodeJS.ProcessEnv, to: string, output: () => string): Promise<TListedMail> {
  return waitFor(
    async () =>
      ((await formwell(env, ['mail', 'list'])) as { emails: TListedMail[] }).emails.find(
        (email) => email.to === to,
      ),
    MAIL_MS,
    output,
  );
}

async function logInStatus(base: string, email: string, password: string): Promise<number> {
  const response = await fetch(`${base}/trpc/auth.logIn`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });

  return response.status;
}

test(
  'npm start ends only after everything it started: SIGTERM to its process group leaves no process behind',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-npm-start-'));
    const port = await getPort();
    const system = await startSystemReady(embeddedEnv(port, dataDir), `http://127.0.0.1:${port}`, [], {
      viaNpm: true,
    });
    try {
      // No shell stays between npm and the supervisor: a shell dies at once on the group's signal,
      // and npm, its child gone, would exit while the supervisor was still stopping the services
      // (a restart right then found the data folder still locked).
      const npmChildren = childPids(system.pid);
      expect(npmChildren.map(commandLine)).toEqual([expect.stringMatching(/node .*scripts\/start\.mjs$/)]);
      const started = [...npmChildren, ...system.pids().values()];
      expect(started.length).toBeGreaterThanOrEqual(5);

      await system.interrupt('SIGTERM');
      expect(started.filter(isAlive)).toEqual([]);
    } finally {
      await system.cleanUp();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

test('a PORT another program listens on stops npm start (exit 2) before it builds or starts anything', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-port-taken-'));
  const other = createServer();
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  const { port } = other.address() as { port: number };
  const system = startSystem(embeddedEnv(port, dataDir));
  try {
    expect(await system.exited()).toBe(2);
    expect(system.output()).toBe(
      `formwell: port ${String(port)} on 127.0.0.1 is already in use (another npm start, or another program)\n` +
        'formwell:   stop it first, or give this one a free port with PORT\n',
    );
  } finally {
    await system.cleanUp();
    other.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test(
  'a PORT another program takes after the check (during the build) stops npm start (exit 1) without announcing it',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-port-race-'));
    const port = await getPort();
    const other = createServer();
    const started: StartedSystem[] = [];
    try {
      const code = await withTestLock('repository-build', async () => {
        const system = startSystem(embeddedEnv(port, dataDir));
        started.push(system);
        // The port check is behind it once the build begins; the server starts only after the build.
        await waitFor(
          () => Promise.resolve(system.output().includes('formwell: building ') ? true : undefined),
          STARTUP_MS,
          system.output,
        );
        await new Promise<void>((resolve) => other.listen(port, '127.0.0.1', resolve));

        return system.exited();
      });
      expect(code).toBe(1);
      const [system] = started;
      expect(system?.output()).toMatch(
        /formwell: server exited unexpectedly \(code 1\); stopping everything/,
      );
      expect(system?.output()).not.toContain('formwell: ready');
      expect([...(system?.pids().values() ?? [])].filter(isAlive)).toEqual([]);
    } finally {
      await Promise.all(started.map((system) => system.cleanUp()));
      other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

test(
  'with HOST=::1 (IPv6 loopback) npm start announces the server once it listens there',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-ipv6-'));
    const port = await getPort({ host: '::1' });
    const system = await startSystemReady(
      { ...embeddedEnv(port, dataDir), HOST: '::1' },
      `http://[::1]:${String(port)}`,
    );
    try {
      expect(system.output()).toContain(`  API reference  http://localhost:${String(port)}/docs`);
    } finally {
      await system.cleanUp();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

test(
  'an empty HOST (as in an empty HOST= line of .env) is the default loopback address, as for the server',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-empty-host-'));
    const port = await getPort();
    // Another program on the IPv6 loopback of the same port: no conflict with 127.0.0.1.
    const other = createServer();
    await new Promise<void>((resolve) => other.listen(port, '::1', resolve));
    try {
      const system = await startSystemReady(
        { ...embeddedEnv(port, dataDir), HOST: '' },
        `http://127.0.0.1:${String(port)}`,
      );
      try {
        expect(system.output()).toContain(`  API reference  http://localhost:${String(port)}/docs`);
      } finally {
        await system.cleanUp();
      }
    } finally {
      other.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

test('a PORT that is no TCP port stops npm start (exit 2) with one line naming it', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-port-bad-'));
  const system = startSystem({ ...embeddedEnv(0, dataDir), PORT: '30OO' });
  try {
    expect(await system.exited()).toBe(2);
    expect(system.output()).toBe('formwell: PORT must be a TCP port between 1 and 65535, got "30OO"\n');
  } finally {
    await system.cleanUp();
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test(
  'a worker that cannot start (a bad setting) stops npm start with exit code 1 and says why',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-bad-worker-'));
    const env = { ...embeddedEnv(await getPort(), dataDir), WORKER_CONCURRENCY: 'many' };
    const started: StartedSystem[] = [];
    try {
      // The start builds, so it runs under the build lock; it ends by itself.
      const code = await withTestLock('repository-build', () => {
        const system = startSystem(env);
        started.push(system);

        return system.exited();
      });
      // Restarting it would leave the API taking submissions whose mail and webhooks never go.
      expect(code).toBe(1);
      const [system] = started;
      expect(system?.output()).toMatch(
        /formwell: worker exited unexpectedly \(code \d+\); stopping everything/,
      );
      expect([...(system?.pids().values() ?? [])].filter(isAlive)).toEqual([]);
      expect(system?.pids().get('worker')).toBeGreaterThan(0);
    } finally {
      await Promise.all(started.map((system) => system.cleanUp()));
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

// The embedded default: engine + redis + server + worker, owner-only, stopped by Ctrl-C.
test(
  'npm start keeps the embedded services and data owner-only and Ctrl-C leaves no process behind',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-start-'));
    // What an earlier version left behind: readable by every local account.
    mkdirSync(join(dataDir, 'mongo'), { mode: 0o755 });
    writeFileSync(join(dataDir, 'mongo', 'left-over.bin'), 'old data', { mode: 0o644 });
    writeFileSync(join(dataDir, 'custom-webhook-secret'), 'an old secret', { mode: 0o644 });
    chmodSync(dataDir, 0o755);
    const port = await getPort();
    const env = embeddedEnv(port, dataDir);
    const base = `http://127.0.0.1:${port}`;
    const system = await startSystemReady(env, base, ['--demo']);

    try {
      // No SMTP server: a local catcher gets the mail; the banner says where and which command reads
      // it, with the data folder that finds this start's database.
      const readMail = `FORMWELL_DATA_DIR=${dataDir} npm run formwell -- mail list, mail show ID`;
      const catcherPort = Number(
        new RegExp(
          `mail {11}caught locally \\(no SMTP_URL; catcher on 127\\.0\\.0\\.1:(\\d+)\\): ${readMail}\n`,
        ).exec(system.output())?.[1],
      );
      expect(catcherPort).toBeGreaterThan(0);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const document = (await (await fetch(`${base}/api/v1/openapi.json`)).json()) as { openapi: string };
      expect(document.openapi).toBe('3.1.0');
      const pids = system.pids();
      expect([...pids.keys()].sort()).toEqual([
        'embedded-mongo',
        'mail-catcher',
        'redis-server',
        'server',
        'worker',
      ]);
      // The catcher's only listener is the loopback port the worker was pointed at.
      expect(tcpListenPorts(pids.get('mail-catcher') ?? -1)).toEqual([catcherPort]);

      // A second start with the same data folder refuses before it starts anything, and leaves the
      // running one's sockets in place (it used to start a second redis-server on them).
      const second = startSystem(embeddedEnv(await getPort(), dataDir));
      expect(await second.exited()).toBe(2);
      expect(second.output()).toContain('already runs with the data folder');
      expect(second.pids().size).toBe(0);

      // Only Unix sockets in an owner-only folder; no TCP listener for the engine or redis. The
      // server's own port shows that the /proc lookup does see listeners.
      const socketDir = join(dataDir, 'run');
      expect(lstatSync(socketDir).mode & 0o777).toBe(0o700);
      for (const name of ['mongo.sock', 'redis.sock']) {
        const socket = lstatSync(join(socketDir, name));
        expect(socket.isSocket()).toBe(true);
        expect(socket.mode & 0o077).toBe(0);
      }
      expect(tcpListenPorts(pids.get('embedded-mongo') ?? -1)).toEqual([]);
      expect(tcpListenPorts(pids.get('redis-server') ?? -1)).toEqual([]);
      expect(tcpListenPorts(pids.get('server') ?? -1)).toContain(port);

      // Everything under the data folder is owner-only, what existed before included.
      const modes = modesUnder(dataDir);
      expect(
        modes.filter(({ path }) => path.endsWith('.aof') || path.includes('journal')).length,
      ).toBeGreaterThan(0);
      expect(modes.filter(({ kind, mode }) => kind === 'dir' && mode !== 0o700)).toEqual([]);
      expect(modes.filter(({ kind, mode }) => kind === 'file' && mode !== 0o600)).toEqual([]);

      // The demo owner gets a random password, printed once, that logs in.
      const demo = await waitFor(
        () => Promise.resolve(/"password": "([^"]+)"/.exec(system.output())?.[1]),
        STARTUP_MS,
        system.output,
      );
      expect(demo).not.toBe('formwell-demo');
      expect(demo.length).toBeGreaterThanOrEqual(20);
      expect(await logInStatus(base, 'demo@formwell.local', demo)).toBe(200);

      // The payment receiver works out of the box with the Stripe signing secret kept under .data/.
      const stripeSecret = readFileSync(join(dataDir, 'stripe-webhook-secret'), 'utf8');
      expect(stripeSecret).toMatch(/^whsec_/);
      expect(
        await postPaymentEvent(base, stripeSecret, stripeEvent('customer.created', { id: 'cus_start_test' })),
      ).toEqual([200, { received: true }]);

      // The CLI, given only the same FORMWELL_DATA_DIR, finds the same database through the socket.
      const ownerId = await cliReachesServerDatabase(env, base, 'socket-owner@example.com');

      // Mail really goes over SMTP to the catcher: the owner's Checkout completes, the worker sends
      // the billing welcome, and the CLI reads it back from the catcher.
      await completeCheckout(base, stripeSecret, ownerId);
      const welcome = await listedMailTo(env, 'socket-owner@example.com', system.output);
      expect(welcome.subject).toBe('Welcome to Formwell STANDARD');
      // The demo's weeks of submissions mail nothing: the welcome is the only email. (They each owed
      // the owner a notification, and the sweep's burst of them could push the welcome off the
      // first page of `mail list`, where nothing found it.)
      expect(((await formwell(env, ['mail', 'list'])) as { emails: TListedMail[] }).emails).toEqual([
        welcome,
      ]);
      const shown = await formwell(env, ['mail', 'show', welcome.id]);
      expect(shown).toMatchObject({ status: 'sent', from: 'Formwell <no-reply@formwell.local>' });
      expect(String(shown.text)).toContain('Your STANDARD plan is active.');
      expect(String(shown.html)).toContain('<h2 style="font-size:18px">Welcome to Formwell STANDARD</h2>');

      const pidList = [...pids.values()];
      expect(await system.interrupt()).toBe(0);
      expect(pidList.filter(isAlive)).toEqual([]);
    } finally {
      await system.cleanUp();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

/** A redis-server that requires a password, as a production REDIS_URL would carry one. */
async function startPasswordRedis(password: string) {
  const redisPort = await getPort({ host: '127.0.0.1' });
  const child = spawn(
    'redis-server',
    [
      '--port',
      String(redisPort),
      '--bind',
      '127.0.0.1',
      '--requirepass',
      password,
      '--save',
      '',
      '--appendonly',
      'no',
    ],
    { stdio: 'ignore' },
  );
  await waitFor(
    () =>
      new Promise<true | undefined>((resolve) => {
        const socket = createConnection({ port: redisPort, host: '127.0.0.1' });
        socket.once('connect', () => {
          socket.end();
          resolve(true);
        });
        socket.once('error', () => resolve(undefined));
      }),
    30_000,
    () => `redis-server on ${redisPort}`,
  );

  return { url: `redis://:${password}@127.0.0.1:${redisPort}`, stop: () => child.kill('SIGTERM') };
}

test(
  'with EMBEDDED_MONGO_PORT the engine is on loopback TCP, the CLI follows it, and the banner hides credentials',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-start-tcp-'));
    const [port, mongoPort] = await Promise.all([getPort(), getPort({ host: '127.0.0.1' })]);
    const redisPassword = 'redis-password-never-printed';
    const redis = await startPasswordRedis(redisPassword);
    // Nothing listens there and nothing is mailed in this test: only the banner line is checked.
    const smtpPassword = 'smtp-password-never-printed';
    const env = {
      ...embeddedEnv(port, dataDir),
      EMBEDDED_MONGO_PORT: String(mongoPort),
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://mailer:${smtpPassword}@127.0.0.1:2525`,
    };
    const base = `http://127.0.0.1:${port}`;
    const system = await startSystemReady(env, base);

    try {
      expect(tcpListenPorts(system.pids().get('embedded-mongo') ?? -1)).toEqual([mongoPort]);
      expect(system.output()).toContain('redis://***@127.0.0.1');
      expect(system.output()).not.toContain(redisPassword);
      expect(system.output()).toContain('  mail           SMTP smtp://***@127.0.0.1:2525\n');
      expect(system.output()).not.toContain(smtpPassword);

      await cliReachesServerDatabase(env, base, 'tcp-owner@example.com');
      expect(await system.interrupt()).toBe(0);
    } finally {
      await system.cleanUp();
      redis.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

test(
  'with EMBEDDED_REDIS_PORT redis-server is on loopback TCP; the banner says localhost, aligns, and drops the first-user hint once a user exists',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-start-redis-tcp-'));
    const [port, redisPort] = await Promise.all([getPort(), getPort({ host: '127.0.0.1' })]);
    const env = { ...embeddedEnv(port, dataDir), EMBEDDED_REDIS_PORT: String(redisPort) };
    const base = `http://127.0.0.1:${port}`;
    const banner = (output: string) => output.slice(output.lastIndexOf('formwell: ready'));

    const first = await startSystemReady(env, base);
    let firstBanner = '';
    try {
      expect(tcpListenPorts(first.pids().get('redis-server') ?? -1)).toEqual([redisPort]);
      firstBanner = banner(first.output());
      await cliReachesServerDatabase(env, base, 'redis-tcp-owner@example.com');
      expect(await first.interrupt()).toBe(0);
    } finally {
      await first.cleanUp();
    }
    const second = await startSystemReady(env, base);
    try {
      const secondBanner = banner(second.output());

      expect(firstBanner).toContain(`  dashboard      http://localhost:${port}/ `);
      expect(firstBanner).toContain(`  API reference  http://localhost:${port}/docs `);
      expect(firstBanner).toContain(`  redis          redis://127.0.0.1:${redisPort}\n`);
      expect(firstBanner).toContain(
        `  first user     FORMWELL_DATA_DIR=${dataDir} EMBEDDED_REDIS_PORT=${String(redisPort)} npm run formwell -- user create --email you@example.com --password-stdin --plan PRO `,
      );
      expect(firstBanner).not.toContain('127.0.0.1:' + String(port));
      expect(secondBanner).toContain(`  dashboard      http://localhost:${port}/ `);
      expect(secondBanner).not.toContain('first user');
      expect(secondBanner).not.toContain('first key');
      expect(await second.interrupt()).toBe(0);
    } finally {
      await second.cleanUp();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);

test(
  'npm start restarts a killed worker while the API keeps serving, and a killed server stops everything',
  async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'formwell-start-crash-'));
    // A lock left by a start that crashed, whose pid now belongs to another live process (this
    // test's own, started at another time): stale, so it is taken over.
    mkdirSync(join(dataDir, 'run'), { recursive: true, mode: 0o700 });
    writeFileSync(join(dataDir, 'run', 'start.pid'), `${process.pid} 1\n`);
    const port = await getPort();
    const env = embeddedEnv(port, dataDir);
    const base = `http://127.0.0.1:${port}`;
    const system = await startSystemReady(env, base);

    try {
      const ownerId = await cliReachesServerDatabase(env, base, 'crash-owner@example.com');
      const stripeSecret = readFileSync(join(dataDir, 'stripe-webhook-secret'), 'utf8');
      const firstWorker = system.pids().get('worker') ?? -1;
      process.kill(firstWorker, 'SIGKILL');

      // Right after the kill (the worker may still be down): the API answers, and the welcome
      // email it queues waits in Redis until the restarted worker sends it.
      await completeCheckout(base, stripeSecret, ownerId);
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      const welcome = await listedMailTo(env, 'crash-owner@example.com', system.output);
      expect(welcome).toMatchObject({ subject: 'Welcome to Formwell STANDARD', status: 'sent' });
      expect(system.output()).toContain(
        'formwell: worker exited unexpectedly (SIGKILL); restarting it in 1 s (crash 1 in a row; the API keeps serving)\n',
      );
      const secondWorker = system.pids().get('worker') ?? -1;
      expect(secondWorker).not.toBe(firstWorker);
      expect(isAlive(secondWorker)).toBe(true);

      // Without its API nothing is served: everything stops, with a failing exit code for the
      // supervisor around npm start, and the data folder is free for the next start.
      const pidList = [...system.pids().values()];
      process.kill(system.pids().get('server') ?? -1, 'SIGKILL');
      expect(await system.exited()).toBe(1);
      expect(system.output()).toContain(
        'formwell: server exited unexpectedly (SIGKILL); stopping everything\n',
      );
      expect(pidList.filter(isAlive)).toEqual([]);
      expect(readdirSync(join(dataDir, 'run'))).not.toContain('start.pid');
    } finally {
      await system.cleanUp();
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
  TEST_MS,
);
