import { MongoClient, type Collection, type Db, type Document } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';
import { startEmbeddedMongo, type EmbeddedMongo, type EmbeddedMongoOptions } from '../../src/index.js';

export type TestEngine = {
  engine: EmbeddedMongo;
  client: MongoClient;
  db(name?: string): Db;
  stop(): Promise<void>;
};

/** Starts a private engine on a free port with a connected official driver client. */
export async function startTestEngine(options: EmbeddedMongoOptions = {}): Promise<TestEngine> {
  const engine = await startEmbeddedMongo({ port: 0, ...options });
  const client = new MongoClient(engine.uri, { serverSelectionTimeoutMS: 5000 });
  await client.connect();
  return {
    engine,
    client,
    db: (name = 'test') => client.db(name),
    async stop() {
      await client.close();
      await engine.stop();
    },
  };
}

/** Runs `fn` with a client of an engine started on `dbPath`, then stops both: one life of a durable engine. */
export async function withDurableEngine<T>(
  dbPath: string,
  fn: (client: MongoClient) => Promise<T>,
): Promise<T> {
  const engine = await startEmbeddedMongo({ port: 0, dbPath });
  const client = await MongoClient.connect(engine.uri);
  try {
    return await fn(client);
  } finally {
    await client.close();
    await engine.stop();
  }
}

/** Runs `fn` and returns the server error it throws (fails the test if nothing is thrown). */
export async function serverError(
  fn: () => Promise<unknown>,
): Promise<{ code?: number; codeName?: string; message: string } & Record<string, unknown>> {
  try {
    await fn();
  } catch (err) {
    return err as { code?: number; codeName?: string; message: string } & Record<string, unknown>;
  }
  throw new Error('expected the server to answer an error');
}

/**
 * A second client of the engine that does not promote values: it reads Int32, Long, Double and
 * Decimal128 exactly as the server wrote them (and error codes as Int32s).
 */
export async function connectTypedClient(t: TestEngine): Promise<MongoClient> {
  const client = new MongoClient(t.engine.uri, { promoteValues: false, promoteLongs: false });
  await client.connect();
  return client;
}

/** The first document of a `$project` of `fields` (without `_id`) over `c`. */
export const projectFirst = async (c: Collection, fields: Document): Promise<Document> =>
  (await c.aggregate([{ $project: { _id: 0, ...fields } }]).toArray())[0] ?? {};

/**
 * For a test file that reads values exactly as the server wrote them: hooks that start a private
 * engine and a client that does not promote values (see connectTypedClient) before the file's
 * tests and stop both after them. `db(name)` is a database of that client, once started.
 */
export function typedEngineHooks(): { db(name: string): Db } {
  let t: TestEngine | undefined;
  let client: MongoClient | undefined;
  beforeAll(async () => {
    t = await startTestEngine();
    client = await connectTypedClient(t);
  });
  afterAll(async () => {
    await client?.close();
    await t?.stop();
  });
  return {
    db(name) {
      if (!client) throw new Error('the engine of this test file has not started');
      return client.db(name);
    },
  };
}
