import { checkSchemaVersion, MIGRATIONS, runMigrations } from '@formwell/core';
import { connectDatabase, disconnectDatabase, ensureIndexes, isDatabaseReachable } from '@formwell/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    database: { isReachable(): Promise<boolean> };
  }
}

/**
 * Connects mongoose and builds the indexes (the unique ones carry uniqueEmail, e-mail uniqueness and
 * the quota) before the server accepts a request; disconnects on close. With `migrateOnStart` it
 * applies the pending data migrations first; either way it refuses (throws) a database that a newer
 * release has migrated, before serving anything from it.
 */
export const databasePlugin = fp<{ uri: string; migrateOnStart?: boolean }>(
  async (app, { uri, migrateOnStart = false }) => {
    await connectDatabase({ uri });
    try {
      await prepareSchema(app, migrateOnStart);
    } catch (error) {
      await disconnectDatabase();
      throw error;
    }
    app.decorate('database', { isReachable: isDatabaseReachable });
    app.addHook('onClose', async () => {
      await disconnectDatabase();
    });
  },
  { name: 'database' },
);

async function prepareSchema(app: FastifyInstance, migrateOnStart: boolean): Promise<void> {
  if (migrateOnStart) {
    const { schemaVersion, applied } = await runMigrations();
    if (applied.length > 0) app.log.info({ schemaVersion, applied }, 'database migrated');

    return;
  }
  const { pending } = await checkSchemaVersion(MIGRATIONS);
  await ensureIndexes();
  if (pending.length > 0) {
    app.log.warn({ pending }, 'database migrations are pending: run `formwell db migrate`');
  }
}
