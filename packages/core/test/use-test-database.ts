import { connectDatabase, disconnectDatabase, ensureIndexes } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll } from 'vitest';

/** Connects this test file to a fresh database on the run's embedded engine. */
export function useTestDatabase(label: string): void {
  beforeAll(async () => {
    await connectDatabase({ uri: testMongoUri(label) });
    await ensureIndexes();
  });

  afterAll(async () => {
    await disconnectDatabase();
  });
}
