/**
 * The MongoDB command of one Formwell submit, as the server sends it (packages/db: store-submission,
 * submission-counters, form-stats): ONE ordered bulkWrite of the month's quota unit, the
 * submission's insert, its form's `submissionCount` and the three analytics documents (the form's
 * totals, the month's quarters of the day, the day's quarter hours), against documents in their
 * steady state: every quarter of the month and of each day already counted. The engine's CPU time
 * per submit measured on this workload is what bounds submit throughput.
 */
import { ObjectId, type AnyClientBulkWriteModel, type Document, type MongoClient } from 'mongodb';

const DB = 'submit';
const MONTH = '2026-11';
const DAYS = 30;
const QUARTERS = 96;
const BROWSERS = ['Chrome', 'Firefox', 'Safari', 'Edge'];
const COUNTRIES = ['DE', 'FR', 'NO', 'US', 'GB'];

/** A sparse `slots` map as the analytics store it, every quarter counted once. */
const allSlots = () => Object.fromEntries(Array.from({ length: QUARTERS }, (_, q) => [String(q), 1]));
const dayOf = (day: number) => `${MONTH}-${String(day + 1).padStart(2, '0')}`;

type TIndexSpec = { key: Document; name?: string; unique?: boolean; partialFilterExpression?: Document };
type TSeed = { collection: string; indexes: TIndexSpec[]; documents: Document[] };

/** Collections, indexes and documents as a form with a busy month has them (packages/db models). */
function seedOf(userId: ObjectId, formId: ObjectId): TSeed[] {
  return [
    { collection: 'monthly_usage', indexes: [{ key: { userId: 1, month: 1 }, unique: true }], documents: [] },
    {
      collection: 'submissions',
      indexes: [
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
        {
          key: { formId: 1, status: 1, createdAt: -1, _id: -1 },
          partialFilterExpression: { status: 'spam' },
        },
        { key: { spamSince: 1 }, partialFilterExpression: { status: 'spam' } },
      ],
      documents: [],
    },
    {
      collection: 'forms',
      indexes: [],
      documents: [
        {
          _id: formId,
          userId,
          name: 'Contact',
          fields: [{ name: 'email', type: 'email', required: true }],
          submissionCount: 0,
        },
      ],
    },
    {
      collection: 'form_stats',
      indexes: [{ key: { formId: 1 }, unique: true }],
      documents: [
        {
          formId,
          userId,
          total: 0,
          version: 0,
          browsers: Object.fromEntries(BROWSERS.map((name) => [name, 1])),
          countries: Object.fromEntries(COUNTRIES.map((code) => [code, 1])),
          spam: 0,
        },
      ],
    },
    {
      collection: 'form_stats_quarters',
      indexes: [{ key: { formId: 1, month: 1 }, unique: true }],
      documents: [{ formId, userId, month: MONTH, version: 0, slots: allSlots() }],
    },
    {
      collection: 'form_stats_days',
      indexes: [{ key: { formId: 1, day: 1 }, unique: true }],
      documents: Array.from({ length: DAYS }, (_, day) => ({
        formId,
        userId,
        day: dayOf(day),
        version: 0,
        slots: allSlots(),
      })),
    },
  ];
}

/** The i-th submit's writes, as the driver's client bulkWrite models. */
function submitModels(userId: ObjectId, formId: ObjectId, i: number): AnyClientBulkWriteModel<Document>[] {
  const ns = (coll: string) => `${DB}.${coll}` as const;
  // Adding: upserts filtered by their unique index's fields alone, the owner set on insert.
  const counter = (coll: string, filter: Document, inc: Document): AnyClientBulkWriteModel<Document> => ({
    name: 'updateOne',
    namespace: ns(coll),
    filter: { formId, ...filter },
    update: { $inc: inc, $setOnInsert: { userId } },
    upsert: true,
  });
  const now = new Date(Date.UTC(2026, 10, 1) + (i % (DAYS * QUARTERS)) * 900_000);
  const slot = `slots.${String(i % QUARTERS)}`;
  const browser = BROWSERS[i % BROWSERS.length] ?? 'Chrome';
  const country = COUNTRIES[i % COUNTRIES.length] ?? 'DE';

  return [
    {
      name: 'updateOne',
      namespace: ns('monthly_usage'),
      filter: { userId, month: MONTH, used: { $lt: 1_000_000_000 } },
      update: { $inc: { used: 1 }, $set: { updatedAt: now }, $setOnInsert: { createdAt: now, __v: 0 } },
      upsert: true,
    },
    {
      name: 'insertOne',
      namespace: ns('submissions'),
      document: {
        _id: new ObjectId(),
        formId,
        userId,
        email: null,
        data: { email: 'someone@example.com', message: 'Hello from the bench' },
        meta: { browser, os: 'Linux', device: 'desktop', country },
        outbox: [],
        hasPendingOutbox: false,
        requestId: null,
        status: 'inbox',
        spamScore: 0,
        spamReasons: [],
        createdAt: now,
        __v: 0,
      },
    },
    {
      name: 'updateOne',
      namespace: ns('forms'),
      filter: { _id: formId, userId },
      update: { $inc: { submissionCount: 1 } },
    },
    counter(
      'form_stats',
      {},
      { total: 1, version: 1, [`browsers.${browser}`]: 1, [`countries.${country}`]: 1 },
    ),
    counter('form_stats_quarters', { month: MONTH }, { version: 1, [slot]: 1 }),
    counter('form_stats_days', { day: now.toISOString().slice(0, 10) }, { version: 1, [slot]: 1 }),
  ];
}

/** Seeds the workload through the driver; returns the i-th submit, sent as the driver's bulkWrite. */
export async function seedSubmitWorkload(client: MongoClient): Promise<(i: number) => Promise<unknown>> {
  const db = client.db(DB);
  const userId = new ObjectId();
  const formId = new ObjectId();
  for (const { collection, indexes, documents } of seedOf(userId, formId)) {
    if (indexes.length > 0) await db.collection(collection).createIndexes(indexes);
    if (documents.length > 0) await db.collection(collection).insertMany(documents);
  }

  return (i: number) => client.bulkWrite(submitModels(userId, formId, i), { ordered: true });
}

/**
 * The same workload as plain commands, for a bench that runs the engine in its own process without
 * a driver: the seed's `createIndexes` and `insert` bodies, and the i-th submit's `bulkWrite` body
 * fields (`nsInfo` and `ops`, as packages/db's bulk-write-command.ts builds them).
 */
export function submitWorkloadCommands(): {
  seed: Document[];
  submit: (i: number) => { nsInfo: { ns: string }[]; ops: Document[] };
} {
  const userId = new ObjectId();
  const formId = new ObjectId();
  const seed = seedOf(userId, formId).flatMap(({ collection, indexes, documents }) => [
    ...(indexes.length > 0
      ? [
          {
            createIndexes: collection,
            indexes: indexes.map((index) => ({
              name:
                index.name ??
                Object.entries(index.key)
                  .map(([f, d]) => `${f}_${String(d)}`)
                  .join('_'),
              ...index,
            })),
            $db: DB,
          },
        ]
      : []),
    ...(documents.length > 0 ? [{ insert: collection, documents, $db: DB }] : []),
  ]);
  const submit = (i: number) => {
    const nsInfo: { ns: string }[] = [];
    const ops = submitModels(userId, formId, i).map((model) => {
      let index = nsInfo.findIndex(({ ns }) => ns === model.namespace);
      if (index < 0) index = nsInfo.push({ ns: model.namespace }) - 1;
      if (model.name === 'insertOne') return { insert: index, document: model.document };
      if (model.name !== 'updateOne') throw new Error(`not a submit write: ${model.name}`);
      return {
        update: index,
        multi: false,
        filter: model.filter,
        updateMods: model.update,
        ...(model.upsert ? { upsert: true } : {}),
      };
    });
    return { nsInfo, ops };
  };

  return { seed, submit };
}
