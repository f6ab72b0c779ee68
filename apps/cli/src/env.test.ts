import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from 'vitest';

import {
  acquirePidLock,
  embeddedServices,
  maskUrlCredentials,
  REPO_ROOT,
  writeStartSettings,
} from '@formwell/local-services';

import { CliError } from './cli-error.js';
import { cliEnv } from './env.js';

test('with nothing set, the CLI uses the engine socket under the repository .data folder, whatever the cwd', () => {
  const socket = join(REPO_ROOT, '.data', 'run', 'mongo.sock');
  expect(cliEnv({}).MONGODB_URI).toBe(`mongodb://${encodeURIComponent(socket)}/formwell`);
});

test('FORMWELL_DATA_DIR moves the socket; a relative folder is relative to the repository, as for npm start', () => {
  expect(cliEnv({ FORMWELL_DATA_DIR: '/srv/formwell' }).MONGODB_URI).toBe(
    `mongodb://${encodeURIComponent('/srv/formwell/run/mongo.sock')}/formwell`,
  );
  expect(cliEnv({ FORMWELL_DATA_DIR: 'var/data' }).MONGODB_URI).toBe(
    `mongodb://${encodeURIComponent(join(REPO_ROOT, 'var/data/run/mongo.sock'))}/formwell`,
  );
});

test('EMBEDDED_MONGO_PORT points the CLI at the loopback port npm start then uses; MONGODB_URI wins over both', () => {
  expect(cliEnv({ EMBEDDED_MONGO_PORT: '27555' }).MONGODB_URI).toBe('mongodb://127.0.0.1:27555/formwell');
  expect(
    cliEnv({
      EMBEDDED_MONGO_PORT: '27555',
      MONGODB_URI: 'mongodb://db.example/x',
      REDIS_URL: 'redis://r:6379',
    }).MONGODB_URI,
  ).toBe('mongodb://db.example/x');
  expect(() => cliEnv({ EMBEDDED_MONGO_PORT: 'abc' })).toThrow(
    'EMBEDDED_MONGO_PORT must be a TCP port between 1 and 65535, got "abc"',
  );
});

test('Redis is read as the servers read it: the npm start socket by default, a node list or REDIS_CLUSTER for a cluster', () => {
  expect(cliEnv({}).REDIS_URL).toBe(embeddedServices({}).redisUrl);
  expect(cliEnv({}).REDIS_CLUSTER).toBe(false);
  expect(cliEnv({ REDIS_URL: 'redis://a:7000', REDIS_CLUSTER: 'true' }).REDIS_CLUSTER).toBe(true);
  expect(() => cliEnv({ REDIS_CLUSTER: 'maybe' })).toThrow();
  expect(() => cliEnv({ REDIS_URL: 'http://cache:6379' })).toThrow();
});

test('another database than the embedded engine requires REDIS_URL: the servers must hear of revokes', () => {
  const remote = 'mongodb://db1.example,db2.example/formwell?replicaSet=rs0';
  const refusal = (() => {
    try {
      cliEnv({ MONGODB_URI: remote });
    } catch (error) {
      return error;
    }
  })();
  expect(refusal).toBeInstanceOf(CliError);
  expect((refusal as CliError).message).toMatch(/^REDIS_URL must be set when MONGODB_URI/);
  expect(() => cliEnv({ MONGODB_URI: remote, REDIS_URL: '' })).toThrow(/^REDIS_URL must be set/);
  expect(cliEnv({ MONGODB_URI: remote, REDIS_URL: 'redis://cache:6379' }).REDIS_URL).toBe(
    'redis://cache:6379',
  );
  // The embedded engine, named explicitly or found from its settings, keeps the embedded Redis.
  const embedded = embeddedServices({ EMBEDDED_MONGO_PORT: '27555' });
  expect(cliEnv({ EMBEDDED_MONGO_PORT: '27555', MONGODB_URI: embedded.mongoUri }).REDIS_URL).toBe(
    embedded.redisUrl,
  );
});

test('credentials in URLs are masked, the rest stays readable', () => {
  expect(maskUrlCredentials('redis://:s3cret@cache:6379/0')).toBe('redis://***@cache:6379/0');
  expect(maskUrlCredentials('db mongodb+srv://app:p%40ss@cluster.example/x?tls=true and more')).toBe(
    'db mongodb+srv://***@cluster.example/x?tls=true and more',
  );
  expect(maskUrlCredentials('rediss://user:pw@a:1 redis://b:2')).toBe('rediss://***@a:1 redis://b:2');
  expect(maskUrlCredentials('unix:///home/me/.data/run/redis.sock')).toBe(
    'unix:///home/me/.data/run/redis.sock',
  );
});

test("on the embedded engine the CLI follows its npm start's ALLOW_PRIVATE_WEBHOOK_TARGETS where its own environment is silent", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-cli-env-'));
  try {
    const source = { FORMWELL_DATA_DIR: dataDir };
    const allowed = (env: Record<string, string | undefined>) =>
      cliEnv(env).coreConfig.webhooks.allowPrivateTargets;
    expect(allowed(source)).toBe(false); // no npm start ran there

    mkdirSync(join(dataDir, 'run'));
    // This process holds the folder's start lock as a running npm start does.
    const start = await acquirePidLock(embeddedServices(source).startLockFile);
    writeStartSettings(embeddedServices(source), { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', PORT: '3000' });
    expect(allowed(source)).toBe(true);
    expect(allowed({ ...source, ALLOW_PRIVATE_WEBHOOK_TARGETS: '' })).toBe(true);
    expect(allowed({ ...source, ALLOW_PRIVATE_WEBHOOK_TARGETS: 'false' })).toBe(false);
    // Another database is another install: what this folder's npm start runs with says nothing of it.
    expect(allowed({ ...source, MONGODB_URI: 'mongodb://db.example/x', REDIS_URL: 'redis://r:6379' })).toBe(
      false,
    );

    // A start without the setting rewrites the record.
    writeStartSettings(embeddedServices(source), {});
    expect(allowed(source)).toBe(false);
    start.release();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("on the embedded engine the CLI finds its npm start's services on the TCP ports that npm start was given, where its own environment names none", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-cli-env-'));
  try {
    const source = { FORMWELL_DATA_DIR: dataDir };
    mkdirSync(join(dataDir, 'run'));
    const start = await acquirePidLock(embeddedServices(source).startLockFile);
    writeStartSettings(embeddedServices(source), {
      EMBEDDED_MONGO_PORT: '27555',
      EMBEDDED_REDIS_PORT: '6390',
    });

    expect([cliEnv(source).MONGODB_URI, cliEnv(source).REDIS_URL]).toEqual([
      'mongodb://127.0.0.1:27555/formwell',
      'redis://127.0.0.1:6390',
    ]);
    // The CLI's own settings still win.
    expect(cliEnv({ ...source, EMBEDDED_REDIS_PORT: '6391' }).REDIS_URL).toBe('redis://127.0.0.1:6391');
    expect(cliEnv({ ...source, REDIS_URL: 'redis://r:6379' }).REDIS_URL).toBe('redis://r:6379');

    // A start on the sockets rewrites the record.
    writeStartSettings(embeddedServices(source), {});
    expect(cliEnv(source).REDIS_URL).toBe(embeddedServices(source).redisUrl);
    start.release();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test("on the embedded engine the addresses the CLI prints follow its npm start's PORT and PUBLIC_URL", async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-cli-env-'));
  try {
    const source = { FORMWELL_DATA_DIR: dataDir };
    const publicUrl = (env: Record<string, string | undefined>) => cliEnv(env).coreConfig.publicUrl;
    mkdirSync(join(dataDir, 'run'));
    // Followed only while that npm start runs (holds its start lock).
    const start = await acquirePidLock(embeddedServices(source).startLockFile);

    writeStartSettings(embeddedServices(source), { PORT: '4700' });
    expect(publicUrl(source)).toBe('http://localhost:4700');
    expect(publicUrl({ ...source, PORT: '4800' })).toBe('http://localhost:4800');

    writeStartSettings(embeddedServices(source), { PORT: '4700', PUBLIC_URL: 'https://forms.example.com' });
    expect(publicUrl(source)).toBe('https://forms.example.com');
    start.release();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

test('the ports recorded by an npm start that no longer runs are not followed: another account may hold them now', async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'formwell-cli-env-'));
  try {
    const source = { FORMWELL_DATA_DIR: dataDir };
    const onSockets = embeddedServices(source);
    mkdirSync(join(dataDir, 'run'));
    const start = await acquirePidLock(onSockets.startLockFile);
    writeStartSettings(onSockets, {
      EMBEDDED_MONGO_PORT: '27555',
      EMBEDDED_REDIS_PORT: '6390',
      ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    });
    expect(cliEnv(source).MONGODB_URI).toBe('mongodb://127.0.0.1:27555/formwell');

    // The start stops (its lock released); its record stays behind.
    start.release();
    const env = cliEnv(source);
    expect([env.MONGODB_URI, env.REDIS_URL, env.coreConfig.webhooks.allowPrivateTargets]).toEqual([
      onSockets.mongoUri,
      onSockets.redisUrl,
      false,
    ]);

    // A start killed without releasing leaves a lock naming a process that is gone.
    writeFileSync(onSockets.startLockFile, `${deadPid()} 1\n`);
    expect(cliEnv(source).MONGODB_URI).toBe(onSockets.mongoUri);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});

/** The pid of a process that has exited (its lock, with another start time, is stale even if reused). */
function deadPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);

  return pid ?? 0;
}
