import { connectDatabase, disconnectDatabase, ensureIndexes, isDatabaseReachable } from '@formwell/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    database: { isReachable(): Promise<boolean> };
  }
}

/**
 * Connects mongoose and builds the indexes (the unique ones carry uniqueEmail, e-mail uniqueness and
 * the quota) before the server accepts a request; disconnects on close.
 */
export const databasePlugin = fp<{ uri: string }>(
  async (app, { uri }) => {
    await connectDatabase({ uri });
    await ensureIndexes();
    app.decorate('database', { isReachable: isDatabaseReachable });
    app.addHook('onClose', async () => {
      await disconnectDatabase();
    });
  },
  { name: 'database' },
);
