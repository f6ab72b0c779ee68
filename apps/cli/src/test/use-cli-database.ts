import { connectDatabase, disconnectDatabase } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll } from 'vitest';

/**
 * A fresh test database named after the file's tests, which the test process also connects to (to
 * check what the CLI wrote through core itself). Answers a getter: the URI exists once beforeAll ran.
 */
export function useCliDatabase(name: string): () => string {
  let uri = '';
  beforeAll(async () => {
    uri = testMongoUri(name);
    await connectDatabase({ uri });
  });
  afterAll(async () => {
    await disconnectDatabase();
  });

  return () => uri;
}
