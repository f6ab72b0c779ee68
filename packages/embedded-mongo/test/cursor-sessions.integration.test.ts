import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { UUID, type ClientSession, type Document, type Long } from 'mongodb';
import { RawWire } from './helpers/raw-wire.js';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

let t: TestEngine;
let wire: RawWire;

beforeAll(async () => {
  t = await startTestEngine();
  wire = await RawWire.open(t.engine.port);
  await t
    .db('sessions')
    .collection('c')
    .insertMany(Array.from({ length: 30 }, (_, i) => ({ i })));
});
afterAll(async () => {
  wire.close();
  await t.stop();
});

type CursorReply = { cursor: { id: Long; firstBatch?: Document[]; nextBatch?: Document[] } };

const findIn = async (session: ClientSession) =>
  ((await t.db('sessions').command({ find: 'c', batchSize: 5 }, { session })) as CursorReply).cursor.id;
const getMoreIn = (id: Long, session: ClientSession, collection = 'c') =>
  t.db('sessions').command({ getMore: id, collection, batchSize: 5 }, { session });

/** One command over a bare socket: the driver always attaches a session, this sends exactly `body`. */
async function raw(body: Document): Promise<Document> {
  wire.opMsg({ ...body, $db: 'sessions' });
  return (await wire.read()).doc;
}

// mongod prints a session id as "<uuid> - <owner digest in base64> - <txnNumber> - <txnUUID>";
// without authentication the owner is the digest of the empty user name.
const SESSION = '[0-9a-f-]{36} - 47DEQpj8HBSa\\+/TImW\\+5JCeuQeRkm5NMpJWZG3hSuFU= -  - ';

describe('a cursor answers only the session it was opened in, as mongod checks it', () => {
  test('getMore from another session: 50738, and the cursor stays open for its own', async () => {
    const [mine, other] = [t.client.startSession(), t.client.startSession()];
    const id = await findIn(mine);
    const error = await serverError(() => getMoreIn(id, other));
    expect(error.code).toBe(50738);
    expect(error.codeName).toBe('Location50738');
    expect(error.message).toMatch(
      new RegExp(
        `^Cannot run getMore on cursor ${id.toString()}, which was created in session ${SESSION}, in session ${SESSION}$`,
      ),
    );
    const next = (await getMoreIn(id, mine)) as CursorReply;
    expect(next.cursor.nextBatch).toHaveLength(5);
    await Promise.all([mine.endSession(), other.endSession()]);
  });

  test('the session is checked before the namespace', async () => {
    const [mine, other] = [t.client.startSession(), t.client.startSession()];
    const id = await findIn(mine);
    expect((await serverError(() => getMoreIn(id, other, 'elsewhere'))).code).toBe(50738);
    expect((await serverError(() => getMoreIn(id, mine, 'elsewhere'))).code).toBe(13);
    await Promise.all([mine.endSession(), other.endSession()]);
  });

  test('an aggregate cursor is held to it too', async () => {
    const [mine, other] = [t.client.startSession(), t.client.startSession()];
    const reply = (await t
      .db('sessions')
      .command({ aggregate: 'c', pipeline: [], cursor: { batchSize: 5 } }, { session: mine })) as CursorReply;
    expect((await serverError(() => getMoreIn(reply.cursor.id, other))).code).toBe(50738);
    await Promise.all([mine.endSession(), other.endSession()]);
  });

  test('opened without a session, continued in one: 50736', async () => {
    const opened = await raw({ find: 'c', batchSize: 5 });
    const id = (opened.cursor as { id: Long }).id;
    const reply = await raw({ getMore: id, collection: 'c', lsid: { id: new UUID() } });
    expect(reply.ok).toBe(0);
    expect(reply.code).toBe(50736);
    expect(reply.codeName).toBe('Location50736');
    expect(reply.errmsg).toMatch(
      new RegExp(
        `^Cannot run getMore on cursor ${id.toString()}, which was not created in a session, in session ${SESSION}$`,
      ),
    );
    expect((await raw({ getMore: id, collection: 'c' })).ok).toBe(1);
  });

  test('opened in a session, continued without one: 50737', async () => {
    const lsid = { id: new UUID() };
    const id = ((await raw({ find: 'c', batchSize: 5, lsid })).cursor as { id: Long }).id;
    const reply = await raw({ getMore: id, collection: 'c' });
    expect(reply.code).toBe(50737);
    expect(reply.codeName).toBe('Location50737');
    expect(reply.errmsg).toMatch(
      new RegExp(
        `^Cannot run getMore on cursor ${id.toString()}, which was created in session ${SESSION}, without an lsid$`,
      ),
    );
    expect(reply.errmsg).toContain(lsid.id.toHexString(true));
    expect((await raw({ getMore: id, collection: 'c', lsid })).ok).toBe(1);
  });

  test('killCursors from another session kills it (no authentication: no owner to protect)', async () => {
    const [mine, other] = [t.client.startSession(), t.client.startSession()];
    const id = await findIn(mine);
    const killed = await t.db('sessions').command({ killCursors: 'c', cursors: [id] }, { session: other });
    expect(killed.cursorsKilled).toHaveLength(1);
    expect((await serverError(() => getMoreIn(id, mine))).code).toBe(43);
    await Promise.all([mine.endSession(), other.endSession()]);
  });

  test('the driver and mongoose-style iteration in one session read every batch', async () => {
    const docs = await t.db('sessions').collection('c').find({}, { batchSize: 4 }).toArray();
    expect(docs).toHaveLength(30);
  });
});
