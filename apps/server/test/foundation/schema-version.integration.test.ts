import { MIGRATIONS } from '@formwell/core';
import { connectDatabase, disconnectDatabase, MigrationModel, migrationLogRepository } from '@formwell/db';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { spawnEntry } from '../helpers/spawn-entry.js';

const LATEST = Math.max(...MIGRATIONS.map((migration) => migration.version));
const migratedUri = testMongoUri('server_migrate_on_start');
const newerUri = testMongoUri('server_schema_newer');

beforeAll(async () => {
  // The test process writes the schema records itself, through the same repository the CLI uses.
  await connectDatabase({ uri: newerUri });
  await migrationLogRepository.recordApplied({ version: LATEST + 1, name: 'from-a-newer-release' });
  await disconnectDatabase();
});

afterAll(async () => {
  await disconnectDatabase();
});

function startServer(uri: string, env: Record<string, string> = {}) {
  return spawnEntry('apps/server', 'src/main.ts', {
    MONGODB_URI: uri,
    REDIS_URL: testRedisUrl(),
    PORT: '0',
    ...env,
  });
}

test('with MIGRATE_ON_START (npm start) the server applies the migrations before it listens', async () => {
  const server = startServer(migratedUri, { MIGRATE_ON_START: 'true' });
  await server.waitForOutput(/Server listening at/, 60_000);
  server.child.kill('SIGTERM');
  await server.exit();

  expect(server.output()).toMatch(/"schemaVersion":\d+.*database migrated/);
  await connectDatabase({ uri: migratedUri });
  const recorded = await MigrationModel.find({ version: { $exists: true } }, { version: 1 }).lean();
  await disconnectDatabase();
  expect(recorded.map(({ version }) => version)).toEqual(MIGRATIONS.map(({ version }) => version));
}, 90_000);

test.each([{ MIGRATE_ON_START: 'false' }, { MIGRATE_ON_START: 'true' }])(
  'a database migrated by a newer release stops the server with a clear line (%o)',
  async (env) => {
    const server = startServer(newerUri, env);
    const { code } = await server.exit();

    expect(code).toBe(1);
    expect(server.output()).toContain(
      `formwell server failed to start: the database's schema version is ${String(LATEST + 1)}, newer than this release understands (${String(LATEST)})`,
    );
    expect(server.output()).not.toContain('Server listening');
  },
  90_000,
);

test('a worker refuses a database migrated by a newer release as well', async () => {
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    MONGODB_URI: newerUri,
    REDIS_URL: testRedisUrl(),
  });
  const { code } = await worker.exit();

  expect(code).toBe(1);
  expect(worker.output()).toContain(
    `formwell worker failed to start: the database's schema version is ${String(LATEST + 1)}, newer than this release understands (${String(LATEST)})`,
  );
}, 90_000);
