import { z } from 'zod';

/**
 * `MIGRATE_ON_START=true` makes the server run `formwell db migrate` itself before listening (what
 * `npm start` does on its embedded database). Unset in production, where the operator runs the
 * command once per upgrade and the servers only check that they understand the database.
 */
export const ZMigrationEnvSchema = z.object({
  MIGRATE_ON_START: z.stringbool().optional(),
});
