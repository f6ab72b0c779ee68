import mongoose, { mongo, type Connection } from 'mongoose';

/** Idle sessions kept per client; more reads than this in flight at once end their extra sessions. */
const MAX_IDLE_SESSIONS = 64;

const idleByClient = new WeakMap<mongo.MongoClient, mongo.ClientSession[]>();
/** Clients whose server announced no sessions (the driver then refuses an explicit one). */
const sessionless = new WeakSet<mongo.MongoClient>();

/**
 * Runs one read (a command, or a cursor read to its end) with a session of a small per-client
 * pool, instead of the implicit session the driver makes for every operation that gets none.
 *
 * Why: an implicit session is a new `ClientSession` (an event emitter, its transaction state)
 * per command, ended afterwards, and ending it walks the driver's whole pool of server sessions to
 * prune idle ones: together about a twentieth of the server's CPU on a GET form. A pooled session
 * is the same thing the driver would send (`lsid`, the cluster time): explicit, but without causal
 * consistency, so no `afterClusterTime` is added and the command stays the one an implicit session
 * sends. A session serves one read at a time (it is taken out of the pool for the read); one that
 * failed, or that the driver marked dirty (a network error mid-read), is ended rather than reused,
 * as the driver does with its own. The client ends every session it made when it closes; a pooled
 * one found ended is dropped.
 */
export async function withReadSession<T>(
  connection: Connection,
  read: (session: mongo.ClientSession | undefined) => Promise<T>,
): Promise<T> {
  // Not open (mongoose buffers the read until it is, maybe on a new client): the driver's own
  // implicit session then.
  if (connection.readyState !== mongoose.ConnectionStates.connected) {
    return read(undefined);
  }
  const client = connection.getClient();
  if (sessionless.has(client)) {
    return read(undefined);
  }
  let idle = idleByClient.get(client);
  if (!idle) {
    idle = [];
    idleByClient.set(client, idle);
  }
  let session = idle.pop();
  while (session?.hasEnded) {
    session = idle.pop();
  }
  session ??= client.startSession({ causalConsistency: false });
  let result: T;
  try {
    result = await read(session);
  } catch (error) {
    void session.endSession().catch(() => undefined);
    if (error instanceof mongo.MongoCompatibilityError && /does not support sessions/.test(error.message)) {
      sessionless.add(client);

      return read(undefined);
    }
    throw error;
  }
  if (session.hasEnded || session.serverSession.isDirty || idle.length >= MAX_IDLE_SESSIONS) {
    void session.endSession().catch(() => undefined);
  } else {
    idle.push(session);
  }

  return result;
}
