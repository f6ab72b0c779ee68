import { connectDatabase, disconnectDatabase, isDatabaseReachable } from '@formwell/db';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    database: { isReachable(): Promise<boolean> };
  }
}

/** Connects mongoose before the server reports ready, and disconnects on close. */
export const databasePlugin = fp<{ uri: string }>(
  async (app, { uri }) => {
    await connectDatabase({ uri });
    app.decorate('database', { isReachable: isDatabaseReachable });
    app.addHook('onClose', async () => {
      await disconnectDatabase();
    });
  },
  { name: 'database' },
);
