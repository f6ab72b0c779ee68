/**
 * The MongoDB commands of one Formwell submit, as the server sends them (packages/db: store-submission,
 * form-stats, submission-counters), against documents in their steady state: every counter document
 * remembers its last 200 counted ids, and the month's bucket document holds 31 × 96 numbers. The
 * engine's CPU time per submit measured on this workload is what bounds submit throughput.
 */
import { ObjectId, type Document, type MongoClient, type PushOperator } from 'mongodb';

const KEPT = 200;
const MONTH = '2026-11';

const ids = (n: number) => Array.from({ length: n }, () => new ObjectId());
// Typed loosely, as packages/db does: the driver's PushOperator<Document> rejects `$each`/`$slice`
// on a schemaless collection, although MongoDB accepts them.
const pushCounted = (id: ObjectId) =>
  ({ countedIds: { $each: [id], $slice: -KEPT } }) as unknown as PushOperator<Document>;

/** Collections, indexes and documents as a form with a busy month has them. */
export async function seedSubmitWorkload(client: MongoClient): Promise<(i: number) => Promise<unknown>> {
  const db = client.db('submit');
  const userId = new ObjectId();
  const formId = new ObjectId();
  await db.collection('monthlyusages').createIndex({ userId: 1, month: 1 }, { unique: true });
  const submissions = db.collection('submissions');
  await submissions.createIndexes([
    { key: { formId: 1, createdAt: -1, _id: -1 } },
    { key: { formId: 1, email: 1, createdAt: -1 } },
    {
      key: { formId: 1, emailKey: 1 },
      unique: true,
      partialFilterExpression: { emailKey: { $exists: true } },
    },
    { key: { hasPendingOutbox: 1, createdAt: 1 }, partialFilterExpression: { hasPendingOutbox: true } },
    { key: { countersPending: 1, createdAt: 1 }, partialFilterExpression: { countersPending: true } },
    {
      key: { formId: 1 },
      name: 'formId_1_countersPending',
      partialFilterExpression: { countersPending: true },
    },
  ]);
  await db.collection('forms').insertOne({
    _id: formId,
    userId,
    name: 'Contact',
    fields: [{ name: 'email', type: 'email', required: true }],
    submissionCount: 0,
    countedIds: ids(KEPT),
  });
  await db.collection('formstats').createIndex({ formId: 1 }, { unique: true });
  await db.collection('formstats').insertOne({
    formId,
    userId,
    total: 0,
    version: 0,
    browsers: {},
    countries: {},
    quarterOfDay: {},
    countedIds: ids(KEPT),
  });
  await db.collection('formstatsmonths').createIndex({ formId: 1, month: 1 }, { unique: true });
  await db.collection('formstatsmonths').insertOne({
    formId,
    userId,
    month: MONTH,
    days: Array.from({ length: 30 }, () => Array.from({ length: 96 }, () => 0)),
    version: 0,
    countedIds: ids(KEPT),
  });
  const ns = (coll: string) => `submit.${coll}` as const;

  return async (i: number) => {
    const now = new Date(Date.UTC(2026, 10, 1) + (i % 2880) * 900_000);
    const sid = new ObjectId();
    await client.bulkWrite(
      [
        {
          name: 'updateOne',
          namespace: ns('monthlyusages'),
          filter: { userId, month: MONTH, used: { $lt: 1_000_000_000 } },
          update: { $inc: { used: 1 }, $set: { updatedAt: now }, $setOnInsert: { createdAt: now, __v: 0 } },
          upsert: true,
        },
        {
          name: 'insertOne',
          namespace: ns('submissions'),
          document: {
            _id: sid,
            formId,
            userId,
            email: null,
            data: { email: 'someone@example.com', message: 'Hello from the bench' },
            meta: { browser: 'Chrome', os: 'Linux', device: 'desktop', country: 'DE' },
            outbox: [],
            hasPendingOutbox: false,
            requestId: null,
            countersPending: true,
            createdAt: now,
            __v: 0,
          },
        },
        {
          name: 'updateOne',
          namespace: ns('forms'),
          filter: { _id: formId, userId, countedIds: { $ne: sid } },
          update: { $inc: { submissionCount: 1 }, $push: pushCounted(sid) },
        },
      ],
      { ordered: true, verboseResults: true },
    );
    const day = Math.floor((i % 2880) / 96);
    const slot = i % 96;
    await client.bulkWrite(
      [
        {
          name: 'updateOne',
          namespace: ns('formstats'),
          filter: { formId, userId, countedIds: { $ne: sid } },
          update: {
            $inc: {
              total: 1,
              version: 1,
              'browsers.Chrome': 1,
              'countries.DE': 1,
              [`quarterOfDay.${MONTH}.${String(slot)}`]: 1,
            },
            $push: pushCounted(sid),
          },
          upsert: true,
        },
        {
          name: 'updateOne',
          namespace: ns('formstatsmonths'),
          filter: { formId, userId, month: MONTH, countedIds: { $ne: sid } },
          update: {
            $inc: { version: 1, [`days.${String(day)}.${String(slot)}`]: 1 },
            $push: pushCounted(sid),
          },
        },
      ],
      { ordered: false, verboseResults: true },
    );
    return submissions.updateOne({ _id: sid, countersPending: true }, { $unset: { countersPending: 1 } });
  };
}
