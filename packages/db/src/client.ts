import mongoose, { type Mongoose } from 'mongoose';

export type ConnectDatabaseOptions = {
  uri: string;
  /** How long a first connection may take before start-up fails. */
  serverSelectionTimeoutMS?: number;
  /**
   * False: the models create no collection and build no index in the background when connected
   * (backup and restore, which must neither change what they read nor race what they recreate).
   */
  buildIndexes?: boolean;
};

/**
 * The one place the MongoDB connection is made, so every app uses the same options.
 * `autoIndex` stays on: the indexes our queries need are created at start-up, which is what a
 * small self-hosted install wants; production operators can pre-create them the same way.
 */
export async function connectDatabase({
  uri,
  serverSelectionTimeoutMS = 5_000,
  buildIndexes = true,
}: ConnectDatabaseOptions): Promise<Mongoose> {
  mongoose.set('strictQuery', true);

  // Pooled connections idle for 10 minutes are closed by the driver itself, before a server that
  // drops idle clients (the embedded engine after 30 minutes, proxies and load balancers) can close
  // one under an operation being sent at that very moment.
  return mongoose.connect(uri, {
    serverSelectionTimeoutMS,
    maxPoolSize: 20,
    maxIdleTimeMS: 10 * 60_000,
    autoIndex: buildIndexes,
    autoCreate: buildIndexes,
  });
}

/** True when the connection answers a ping now (used by /readyz). */
export async function isDatabaseReachable(): Promise<boolean> {
  const db = mongoose.connection.db;
  if (mongoose.connection.readyState !== mongoose.ConnectionStates.connected || !db) {
    return false;
  }
  try {
    await db.admin().command({ ping: 1 }, { timeoutMS: 1_000 });

    return true;
  } catch {
    return false;
  }
}

export async function disconnectDatabase(): Promise<void> {
  await mongoose.disconnect();
}
