import { loadavg } from 'node:os';

import { connectDatabase, disconnectDatabase, ensureIndexes } from '@formwell/db';
import mongoose from 'mongoose';

import { startEngineProcess, type TEngineMode } from './engine-process.js';
import { cpuSeconds } from './probes.js';

/**
 * `pnpm bench:writes`: what each of a submit's writes costs the engine, one kind of write at a
 * time, against the durable engine in its own process (CPU from /proc, so only the engine's own
 * work counts). The submission's insert with no secondary index, with each of the product's
 * submission indexes alone and with all of them; clearing the insert's `countersPending` mark; the
 * form's count with and without its remembered-ids array; the former month's bucket document (31 ×
 * 96 counters and its remembered ids) against a document per quarter hour and the day document the
 * product writes now; the totals with and without remembered ids; the quota unit. Last, a submit's
 * writes as a whole: as main wrote them before the storage redesign (two bulkWrite commands, six
 * writes with remembered ids, the month document and the mark) and as the product writes them
 * now (one command, five plain writes). The indexes are read from the product's own collection
 * after `ensureIndexes`, so the list follows the model.
 * WRITES_PER_CASE (3,000), WRITES_IN_FLIGHT (16), BENCH_ENGINES (`durable`) change the run.
 */
const WRITES = Number(process.env.WRITES_PER_CASE ?? '3000');
const IN_FLIGHT = Number(process.env.WRITES_IN_FLIGHT ?? '16');
const MODE = (process.env.BENCH_ENGINES ?? 'durable').split(',')[0] as TEngineMode;
/** As many submission ids as a counter document remembers (count-once.ts). */
const REMEMBERED_IDS = 200;

type TDb = mongoose.mongo.Db;
type TIndex = {
  key: Record<string, 1 | -1>;
  name: string;
  unique?: boolean;
  partialFilterExpression?: object;
};
type TCase = { name: string; setup(db: TDb): Promise<void>; write(db: TDb, index: number): Promise<unknown> };

const { ObjectId } = mongoose.mongo;
const owner = new ObjectId();
const form = new ObjectId();

/** A submission as a submit stores it (a contact form's four fields, meta, outbox, marks). */
function submission(index: number) {
  return {
    _id: new ObjectId(),
    formId: form,
    userId: owner,
    email: `visitor${index}@example.com`,
    data: {
      email: `visitor${index}@example.com`,
      name: 'A visitor',
      message: 'Hello from the bench',
      topic: 'sales',
    },
    meta: { browser: 'Chrome', os: 'Windows', device: 'desktop', country: 'Unknown' },
    outbox: [],
    hasPendingOutbox: false,
    requestId: '6f1c1c9e-1b0e-4a55-9d3e-0c7f0f6b6a11',
    countersPending: true,
    status: 'inbox',
    spamScore: 0,
    spamReasons: [],
    createdAt: new Date(),
    __v: 0,
  };
}

function insertCase(name: string, indexes: TIndex[]): TCase {
  const collection = `w_${name.replace(/\W+/g, '_')}`;

  return {
    name: `insert submission, ${name}`,
    async setup(db) {
      await db.createCollection(collection);
      for (const { key, name: indexName, unique, partialFilterExpression } of indexes) {
        await db.collection(collection).createIndex(key, {
          name: indexName,
          unique,
          ...(partialFilterExpression ? { partialFilterExpression } : {}),
        });
      }
    },
    write: (db, index) => db.collection(collection).insertOne(submission(index)),
  };
}

/** The after-response write that unsets an inserted submission's mark, by its id. */
function clearMarkCase(indexes: TIndex[]): TCase {
  const ids: mongoose.mongo.ObjectId[] = [];

  return {
    name: `clear countersPending by _id (all ${indexes.length} product indexes)`,
    async setup(db) {
      const documents = Array.from({ length: WRITES }, (_, index) => submission(index));
      ids.push(...documents.map((document) => document._id));
      await insertCase('clear', indexes).setup(db);
      await db.collection('w_clear').insertMany(documents);
    },
    write: (db, index) =>
      db.collection('w_clear').updateOne({ _id: ids[index] }, { $unset: { countersPending: '' } }),
  };
}

/**
 * A count-once counter update as the product writes it (count-once.ts): `$inc` only where the
 * submission's id is not remembered yet, remembering it in the same update (the last
 * REMEMBERED_IDS kept), on one document that starts with `document` and REMEMBERED_IDS ids.
 */
function countOnceCase(
  name: string,
  collection: string,
  document: Record<string, unknown>,
  inc: (index: number) => Record<string, number>,
): TCase {
  return {
    name,
    setup: (db) =>
      db
        .collection(collection)
        .insertOne({ formId: form, userId: owner, ...document, countedIds: idsRemembered() })
        .then(),
    write: (db, index) => {
      const id = new ObjectId();

      return db.collection(collection).updateOne({ formId: form, userId: owner, countedIds: { $ne: id } }, {
        $inc: inc(index),
        $push: { countedIds: { $each: [id], $slice: -REMEMBERED_IDS } },
      } as object);
    },
  };
}

/**
 * Where the `index`-th write of a case lands: a busy form's submits arrive in the quarter hour in
 * progress, so SUBMITS_PER_QUARTER in a row share one quarter hour, and its day.
 */
const SUBMITS_PER_QUARTER = 30;
const quarterOf = (index: number) => Math.floor(index / SUBMITS_PER_QUARTER) % 96;
const dayIndexOf = (index: number) => Math.floor(index / (SUBMITS_PER_QUARTER * 96)) % 31;
const dayOf = (index: number) => `2026-12-${String(1 + dayIndexOf(index)).padStart(2, '0')}`;

type TBulkModel = Parameters<mongoose.mongo.MongoClient['bulkWrite']>[0][number];

/**
 * A whole submit's writes, `commands` (each a list of writes for one bulkWrite) per submit, sent
 * one command after the other as the product does; `collections` get the product's indexes.
 */
function submitCase(
  name: string,
  setup: (db: TDb) => Promise<void>,
  commands: (index: number, db: TDb) => TBulkModel[][],
): TCase {
  return {
    name,
    setup,
    async write(db, index) {
      for (const models of commands(index, db)) {
        await db.client.bulkWrite(models, { ordered: true });
      }
    },
  };
}

const namespace = (db: TDb, collection: string) => `${db.databaseName}.${collection}` as const;

function quotaModel(db: TDb, collection: string): TBulkModel {
  return {
    name: 'updateOne',
    namespace: namespace(db, collection),
    filter: { userId: owner, month: '2026-12', used: { $lt: 1_000_000_000 } },
    update: { $inc: { used: 1 } },
    upsert: true,
  };
}

const totalsInc = (index: number) => ({
  total: 1,
  version: 1,
  'browsers.Chrome': 1,
  'countries.Unknown': 1,
  [`quarterOfDay.2026-12.${String(quarterOf(index)).padStart(4, '0')}`]: 1,
});

/** Main before the storage redesign: store (quota, marked insert, form count-once), then analytics. */
function submitBefore(indexes: TIndex[], aged: boolean): TCase {
  const at = aged ? 'sb2' : 'sb';

  return submitCase(
    `submit before: 2 commands (6 writes, remembered ids, month doc, mark)${aged ? ', form 2 years old' : ''}`,
    async (db) => {
      await insertCase(at, indexes).setup(db);
      await db.collection(`${at}_quota`).createIndex({ userId: 1, month: 1 }, { unique: true });
      await db
        .collection(`${at}_form`)
        .insertOne({ _id: form, userId: owner, submissionCount: 0, countedIds: idsRemembered() });
      await db.collection(`${at}_totals`).insertOne({
        formId: form,
        userId: owner,
        ...(aged ? agedTotals(true) : { total: 0, browsers: {}, countries: {}, quarterOfDay: {} }),
        countedIds: idsRemembered(),
      });
      await db.collection(`${at}_month`).insertOne({
        formId: form,
        userId: owner,
        month: '2026-12',
        days: days(),
        version: 0,
        countedIds: idsRemembered(),
      });
    },
    (index, db) => {
      const doc = submission(index);
      const id = doc._id;
      const push = { countedIds: { $each: [id], $slice: -REMEMBERED_IDS } };
      const once = (collection: string, filter: object, inc: object): TBulkModel => ({
        name: 'updateOne',
        namespace: namespace(db, collection),
        filter: { ...filter, countedIds: { $ne: id } },
        update: { $inc: inc, $push: push } as object,
      });

      return [
        [
          quotaModel(db, `${at}_quota`),
          { name: 'insertOne', namespace: namespace(db, `w_${at}`), document: doc },
          once(`${at}_form`, { _id: form, userId: owner }, { submissionCount: 1 }),
        ],
        [
          once(`${at}_totals`, { formId: form, userId: owner }, totalsInc(index)),
          once(
            `${at}_month`,
            { formId: form, userId: owner, month: '2026-12' },
            { version: 1, [`days.${dayIndexOf(index)}.${quarterOf(index)}`]: 1 },
          ),
          {
            name: 'updateOne',
            namespace: namespace(db, `w_${at}`),
            filter: { _id: id, countersPending: true },
            update: { $unset: { countersPending: '' } },
          },
        ],
      ];
    },
  );
}

/**
 * The product now (store-submission.ts): one command, no mark, no remembered ids, a quarters
 * document for the month and one for the day, totals that do not grow with the form's age.
 */
function submitAfter(indexes: TIndex[], aged: boolean): TCase {
  const at = aged ? 'sa2' : 'sa';

  return submitCase(
    `submit after: 1 command (6 writes, day docs, no ids, no mark)${aged ? ', form 2 years old' : ''}`,
    async (db) => {
      await insertCase(at, indexes).setup(db);
      await db.collection(`${at}_quota`).createIndex({ userId: 1, month: 1 }, { unique: true });
      await db.collection(`${at}_totals`).createIndex({ formId: 1 }, { unique: true });
      await db.collection(`${at}_quarters`).createIndex({ formId: 1, month: 1 }, { unique: true });
      await db.collection(`${at}_day`).createIndex({ formId: 1, day: 1 }, { unique: true });
      await db.collection(`${at}_form`).insertOne({ _id: form, userId: owner, submissionCount: 0 });
      if (aged) {
        await db.collection(`${at}_totals`).insertOne({ formId: form, userId: owner, ...agedTotals(false) });
      }
    },
    (index, db) => {
      const { countersPending: _mark, ...doc } = submission(index);
      const slot = {
        $inc: { version: 1, [`slots.${quarterOf(index)}`]: 1 },
        $setOnInsert: { userId: owner },
      };
      const { [`quarterOfDay.2026-12.${String(quarterOf(index)).padStart(4, '0')}`]: _quarter, ...totals } =
        totalsInc(index);

      return [
        [
          quotaModel(db, `${at}_quota`),
          { name: 'insertOne', namespace: namespace(db, `w_${at}`), document: doc },
          {
            name: 'updateOne',
            namespace: namespace(db, `${at}_form`),
            filter: { _id: form, userId: owner },
            update: { $inc: { submissionCount: 1 } },
          },
          {
            name: 'updateOne',
            namespace: namespace(db, `${at}_totals`),
            filter: { formId: form },
            update: { $inc: totals, $setOnInsert: { userId: owner } },
            upsert: true,
          },
          {
            name: 'updateOne',
            namespace: namespace(db, `${at}_quarters`),
            filter: { formId: form, month: '2026-12' },
            update: slot,
            upsert: true,
          },
          {
            name: 'updateOne',
            namespace: namespace(db, `${at}_day`),
            filter: { formId: form, day: dayOf(index) },
            update: slot,
            upsert: true,
          },
        ],
      ];
    },
  );
}

/**
 * A two-year-old form's totals: a few browsers and countries, and (the former layout, `quarterOf`)
 * 96 quarter-of-day counters for each of its 24 months.
 */
function agedTotals(withQuarters: boolean) {
  return {
    total: 0,
    browsers: { Chrome: 1, Firefox: 1, Safari: 1, Edge: 1 },
    countries: { Germany: 1, France: 1, India: 1 },
    ...(withQuarters
      ? {
          quarterOfDay: Object.fromEntries(
            Array.from({ length: 24 }, (_, month) => [
              `${2024 + Math.floor((month + 11) / 12)}-${String(((month + 11) % 12) + 1).padStart(2, '0')}`,
              Object.fromEntries(
                Array.from({ length: 96 }, (_, q) => [
                  `${String(Math.floor(q / 4)).padStart(2, '0')}${String((q % 4) * 15).padStart(2, '0')}`,
                  1,
                ]),
              ),
            ]),
          ),
        }
      : {}),
  };
}

/** The product's day document (form-stats-day.ts), its quarter hour bumped by one upsert. */
function dayCase(
  name: string,
  collection: string,
  at: (index: number) => { day: string; slot: number },
): TCase {
  return {
    name,
    setup: (db) => db.collection(collection).createIndex({ formId: 1, day: 1 }, { unique: true }).then(),
    write: (db, index) => {
      const { day, slot } = at(index);

      return db
        .collection(collection)
        .updateOne(
          { formId: form, day },
          { $inc: { version: 1, [`slots.${slot}`]: 1 }, $setOnInsert: { userId: owner } },
          { upsert: true },
        );
    },
  };
}

const idsRemembered = () => Array.from({ length: REMEMBERED_IDS }, () => new ObjectId());
const days = () => Array.from({ length: 31 }, () => Array.from({ length: 96 }, () => 0));

async function main() {
  const cleanUp: (() => Promise<void>)[] = [];
  try {
    const { engine, engineUri } = await startEngineProcess(MODE, cleanUp);
    const uri = `${engineUri.replace(/\/$/, '')}/formwell_writes`;
    await connectDatabase({ uri });
    await ensureIndexes();
    const productIndexes = (await mongoose.connection.getClient().db().collection('submissions').indexes())
      .filter((index) => index.name !== '_id_')
      .map((index) => index as unknown as TIndex);
    await disconnectDatabase();
    const client = new mongoose.mongo.MongoClient(uri, { maxPoolSize: 20 });
    await client.connect();
    cleanUp.push(() => client.close());
    const db = client.db();
    const cases: TCase[] = [
      insertCase('no secondary index', []),
      ...productIndexes.map((index) => insertCase(`+ ${index.name}`, [index])),
      insertCase(`all ${productIndexes.length} product indexes`, productIndexes),
      clearMarkCase(productIndexes),
      {
        name: 'form count, $inc only',
        setup: (database) =>
          database.collection('w_form').insertOne({ _id: form, userId: owner, submissionCount: 0 }).then(),
        write: (database) =>
          database
            .collection('w_form')
            .updateOne({ _id: form, userId: owner }, { $inc: { submissionCount: 1 } }),
      },
      countOnceCase(
        `form count, count-once (${REMEMBERED_IDS} ids remembered)`,
        'w_form_once',
        { _id: form, submissionCount: 0 },
        () => ({
          submissionCount: 1,
        }),
      ),
      countOnceCase(
        'month buckets, one document a month (count-once)',
        'w_month',
        { month: '2026-12', days: days(), version: 0 },
        (index) => ({
          version: 1,
          [`days.${dayIndexOf(index)}.${quarterOf(index)}`]: 1,
        }),
      ),
      dayCase('day buckets, one document a day (upsert $inc, sparse slots)', 'w_day', (index) => ({
        day: dayOf(index),
        slot: quarterOf(index),
      })),
      dayCase(
        'day buckets, every write a new day and quarter hour (worst case)',
        'w_day_spread',
        (index) => ({
          day: `2026-12-${String(1 + (index % 31)).padStart(2, '0')}`,
          slot: index % 96,
        }),
      ),
      {
        name: 'month buckets, one document a quarter hour (upsert $inc)',
        setup: (database) =>
          database.collection('w_quarter').createIndex({ formId: 1, at: 1 }, { unique: true }).then(),
        write: (database, index) =>
          database.collection('w_quarter').updateOne(
            {
              formId: form,
              at: new Date(Date.UTC(2026, 11, 1 + dayIndexOf(index), 0, quarterOf(index) * 15)),
            },
            { $inc: { count: 1 }, $setOnInsert: { userId: owner } },
            { upsert: true },
          ),
      },
      countOnceCase(
        'totals (browsers, countries, quarter of day; count-once)',
        'w_totals',
        { total: 0, browsers: {}, countries: {}, quarterOfDay: {} },
        totalsInc,
      ),
      {
        name: 'totals (browsers, countries, quarter of day; upsert $inc)',
        setup: (database) =>
          database.collection('w_totals_inc').createIndex({ formId: 1 }, { unique: true }).then(),
        write: (database, index) =>
          database
            .collection('w_totals_inc')
            .updateOne(
              { formId: form },
              { $inc: totalsInc(index), $setOnInsert: { userId: owner } },
              { upsert: true },
            ),
      },
      {
        // The totals keep 96 quarter-of-day counters per month of the form's life: what they weigh
        // after two years.
        name: 'totals, former layout, form 2 years old (24 months of quarter of day)',
        setup: (database) =>
          database
            .collection('w_totals_old')
            .insertOne({ formId: form, userId: owner, ...agedTotals(true) })
            .then(),
        write: (database, index) =>
          database.collection('w_totals_old').updateOne({ formId: form }, { $inc: totalsInc(index) }),
      },
      {
        name: 'quota unit (conditional upsert $inc)',
        setup: (database) =>
          database.collection('w_quota').createIndex({ userId: 1, month: 1 }, { unique: true }).then(),
        write: (database) =>
          database
            .collection('w_quota')
            .updateOne(
              { userId: owner, month: '2026-12', used: { $lt: 1_000_000_000 } },
              { $inc: { used: 1 } },
              { upsert: true },
            ),
      },
      submitBefore(productIndexes, false),
      submitAfter(productIndexes, false),
      submitBefore(productIndexes, true),
      submitAfter(productIndexes, true),
    ];
    console.log(`engine cost per write (${MODE} engine, ${WRITES} writes per case, ${IN_FLIGHT} in flight)`);
    console.log(`${'write'.padEnd(64)} ${'engine µs'.padStart(10)} ${'writes/s'.padStart(9)}  load average`);
    const pid = engine.child.pid ?? -1;
    for (const testCase of cases) {
      await testCase.setup(db);
      const before = cpuSeconds(pid);
      const started = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < WRITES) {
            await testCase.write(db, next++);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const engineMicros = ((cpuSeconds(pid) - before) * 1e6) / WRITES;
      console.log(
        `${testCase.name.padEnd(64)} ${engineMicros.toFixed(0).padStart(10)} ${(WRITES / seconds).toFixed(0).padStart(9)}  ${loadavg()[0]?.toFixed(1)}`,
      );
    }
  } finally {
    for (const stop of cleanUp.reverse()) {
      await stop().catch(() => undefined);
    }
  }
}

await main();
