/**
 * The bench client, run in its own process so that client and server do not share an event loop.
 * Usage: client.ts <uri> <phase>; prints one JSON line per measurement.
 */
import { performance } from 'node:perf_hooks';
import { MongoClient, ObjectId } from 'mongodb';
import { RawClients } from './raw-clients.js';
import { seedSubmitWorkload } from './submit-workload.js';

type Result = {
  name: string;
  clients: number;
  ops: number;
  seconds: number;
  p50: number;
  p99: number;
  /** Operations completed, and this client process's CPU time per operation in µs. */
  count: number;
  clientCpuUs: number;
};

const [uri = '', phase = 'throughput'] = process.argv.slice(2);
const DURATION_MS = 2500;
const emit = (r: Result | Record<string, unknown>) => process.stdout.write(`${JSON.stringify(r)}\n`);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

/**
 * Runs `op` from `clients` concurrent loops for a fixed time, or, given `{ count }`, until the loops
 * have run that many operations together (the same work in every run, so CPU per operation compares
 * across runs without the warm-up share changing); op(i) gets a per-loop sequence number.
 */
async function measure(
  name: string,
  clients: number,
  op: (worker: number, i: number) => Promise<unknown>,
  until: number | { count: number } = DURATION_MS,
): Promise<Result> {
  const lat: number[] = [];
  // The server reads its own CPU time when it sees this mark, and again at the result line.
  emit({ mark: name, clients });
  const cpu = process.cpuUsage();
  const end = typeof until === 'number' ? performance.now() + until : Infinity;
  const perLoop = typeof until === 'number' ? Infinity : Math.ceil(until.count / clients);
  const start = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, w) => {
      for (let i = 0; i < perLoop && performance.now() < end; i++) {
        const t0 = performance.now();
        await op(w, i);
        lat.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  const used = process.cpuUsage(cpu);
  lat.sort((a, b) => a - b);
  const r = {
    name,
    clients,
    ops: Math.round(lat.length / seconds),
    seconds,
    p50: percentile(lat, 50),
    p99: percentile(lat, 99),
    count: lat.length,
    clientCpuUs: (used.user + used.system) / Math.max(1, lat.length),
  };
  emit(r);
  return r;
}

/** Raw OP_MSG commands over bare sockets: the protocol floor and the engine without the driver. */
async function raw(
  name: string,
  clients: number,
  body: (w: number, i: number) => Record<string, unknown>,
): Promise<void> {
  const sockets = await RawClients.open(uri, clients);
  await measure(name, clients, (w, i) => sockets.command(w, body(w, i)));
  sockets.close();
}

/** The insert command the driver's insertOne sends, less its session fields. */
const rawInsert = (w: number, i: number) => ({
  insert: 'inserts',
  documents: [{ _id: new ObjectId(), w, i, at: new Date(0), note: 'bench insert document' }],
  ordered: true,
  $db: 'bench',
});

/** Acknowledged inserts against a durable engine (journal + fdatasync): group commit at work. */
async function durable(): Promise<void> {
  const client = new MongoClient(uri, { maxPoolSize: 64 });
  await client.connect();
  const ins = client.db('bench').collection('inserts');
  for (const c of [1, 16, 64]) {
    await raw('ping (raw OP_MSG)', c, () => ({ ping: 1, $db: 'admin' }));
    await raw('durable insertOne (raw OP_MSG)', c, (w, i) => rawInsert(w, i + 1_000_000 * c));
    await measure('durable insertOne', c, (w, i) =>
      ins.insertOne({ w, i, at: new Date(0), note: 'bench insert document' }),
    );
  }
  await client.close();
}

async function throughput(): Promise<void> {
  const client = new MongoClient(uri, { maxPoolSize: 32 });
  await client.connect();
  const coll = client.db('bench').collection('items');
  const N = 10_000;
  const docs = Array.from({ length: N }, (_, i) => ({
    sku: `sku-${String(i).padStart(6, '0')}`,
    cat: i % 100,
    price: (i * 7919) % 1000,
    name: `item ${String(i)}`,
    tags: ['a', 'b'],
  }));
  await coll.insertMany(docs);
  await coll.createIndex({ sku: 1 }, { unique: true });
  await coll.createIndex({ cat: 1, price: -1 });
  const ids = (await coll.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
  const big = client.db('bench').collection('group');
  await big.insertMany(Array.from({ length: 100_000 }, (_, i) => ({ g: i % 50, v: i % 997 })));
  const ins = client.db('bench').collection('inserts');
  // Formwell's counter documents: each remembers the last 200 ids it counted (count-once), and a
  // submit's counter updates are a findOneAndUpdate guarded by `$ne` on that list.
  const counters = client.db('bench').collection<{ _id: number; n: number; seen: ObjectId[] }>('counters');
  await counters.insertMany(
    Array.from({ length: 16 }, (_, w) => ({
      _id: w,
      n: 0,
      seen: Array.from({ length: 200 }, () => new ObjectId()),
    })),
  );
  for (const c of [1, 16]) {
    await raw('ping (raw OP_MSG)', c, () => ({ ping: 1, $db: 'admin' }));
    await measure('count-once findOneAndUpdate (200 ids)', c, (w) => {
      const id = new ObjectId();
      return counters.findOneAndUpdate(
        { _id: w, seen: { $ne: id } },
        { $inc: { n: 1 }, $push: { seen: { $each: [id], $slice: -200 } } },
        { returnDocument: 'before', projection: { _id: 1 } },
      );
    });
    await raw('insertOne (raw OP_MSG)', c, (w, i) => rawInsert(w, i + 1_000_000));
    await measure('insertOne', c, (w, i) =>
      ins.insertOne({ w, i, at: new Date(0), note: 'bench insert document' }),
    );
    await raw('findOne by _id (raw OP_MSG)', c, (w, i) => ({
      find: 'items',
      filter: { _id: ids[(i * 16 + w) % N] },
      limit: 1,
      singleBatch: true,
      batchSize: 1,
      $db: 'bench',
    }));
    await measure('findOne by _id', c, (w, i) => coll.findOne({ _id: ids[(i * 16 + w) % N] }));
    await measure('findOne by secondary index', c, (w, i) =>
      coll.findOne({ sku: `sku-${String((i * 16 + w * 7) % N).padStart(6, '0')}` }),
    );
    await measure('range + sort + limit (indexed)', c, (w, i) =>
      coll
        .find({ cat: (i + w) % 100, price: { $gte: 500 } })
        .sort({ price: -1 })
        .limit(10)
        .toArray(),
    );
    await measure(
      '$group over 100k docs',
      c,
      () => big.aggregate([{ $group: { _id: '$g', total: { $sum: '$v' } } }]).toArray(),
      4000,
    );
  }
  await client.close();
}

/** findOne by an indexed field at 1,000 and at 1,000,000 documents. */
async function scale(): Promise<void> {
  const client = new MongoClient(uri, { maxPoolSize: 32 });
  await client.connect();
  const coll = client.db('scale').collection('docs');
  await coll.createIndex({ k: 1 });
  const make = (i: number) => ({
    _id: new ObjectId(),
    k: `key-${String(i).padStart(7, '0')}`,
    n: i,
    cat: i % 100,
    createdAt: new Date(1_700_000_000_000 + i * 1000),
    payload: 'p'.repeat(40),
  });
  const load = async (from: number, to: number) => {
    for (let i = from; i < to; i += 10_000)
      await coll.insertMany(
        Array.from({ length: Math.min(10_000, to - i) }, (_, j) => make(i + j)),
        { ordered: false },
      );
  };
  await load(0, 1000);
  // Warm the JIT first so the 1k figure is not penalised for running first.
  for (let i = 0; i < 5000; i++) await coll.findOne({ k: `key-${String(i % 1000).padStart(7, '0')}` });
  await measure('findOne by index @1k docs', 1, (_w, i) =>
    coll.findOne({ k: `key-${String((i * 7919) % 1000).padStart(7, '0')}` }),
  );
  const t0 = performance.now();
  await load(1000, 1_000_000);
  emit({ name: 'load 999k docs (insertMany 10k batches)', seconds: (performance.now() - t0) / 1000 });
  await measure('findOne by index @1M docs', 1, (_w, i) =>
    coll.findOne({ k: `key-${String((i * 7919) % 1_000_000).padStart(7, '0')}` }),
  );
  await client.close();
}

/** findOne latencies by _id on one client while `busy` runs on another (or alone when null). */
async function findOneLatencies(
  coll: ReturnType<ReturnType<MongoClient['db']>['collection']>,
  ids: ObjectId[],
  busy: (() => Promise<unknown>) | null,
): Promise<{ lat: number[]; busyMs: number[]; seconds: number }> {
  const lat: number[] = [];
  const busyMs: number[] = [];
  const started = performance.now();
  let running = true;
  const reader = (async () => {
    for (let i = 0; running; i++) {
      const t0 = performance.now();
      await coll.findOne({ _id: ids[(i * 7919) % ids.length] });
      lat.push(performance.now() - t0);
    }
  })();
  if (busy) {
    for (let round = 0; round < 5; round++) {
      const t0 = performance.now();
      await busy();
      busyMs.push(performance.now() - t0);
    }
  } else {
    await new Promise((resolve) => setTimeout(resolve, DURATION_MS));
  }
  running = false;
  await reader;
  return { lat: lat.sort((a, b) => a - b), busyMs, seconds: (performance.now() - started) / 1000 };
}

/** A 100k-document `$group`, then `$sort`, on one connection while another reads single documents by _id. */
async function yielding(): Promise<void> {
  const readers = new MongoClient(uri, { maxPoolSize: 1 });
  const grouper = new MongoClient(uri, { maxPoolSize: 1 });
  await Promise.all([readers.connect(), grouper.connect()]);
  const coll = readers.db('yielding').collection('docs');
  const ids: ObjectId[] = [];
  for (let i = 0; i < 100_000; i += 10_000) {
    const batch = Array.from({ length: 10_000 }, (_, j) => ({
      _id: new ObjectId(),
      cat: (i + j) % 100,
      n: i + j,
      payload: 'p'.repeat(40),
    }));
    ids.push(...batch.map((d) => d._id));
    await coll.insertMany(batch, { ordered: false });
  }
  const group = () =>
    grouper
      .db('yielding')
      .collection('docs')
      .aggregate([{ $group: { _id: '$cat', total: { $sum: '$n' }, count: { $sum: 1 } } }])
      .toArray();
  // An unindexed sort of every document, which the engine orders by a merge sort with pauses.
  const sort = () =>
    grouper
      .db('yielding')
      .collection('docs')
      .aggregate([{ $sort: { n: -1 } }, { $limit: 1 }])
      .toArray();
  // A running sum over 3,000 documents of their own collection: mingo's stage summed each window
  // from its first document (n² work, seconds in one go); the engine's adds each document once,
  // with pauses.
  const windowed = grouper.db('yielding').collection('window3k');
  await windowed.insertMany(Array.from({ length: 3000 }, (_, n) => ({ n, payload: 'p'.repeat(40) })));
  const window = () =>
    windowed
      .aggregate([
        {
          $setWindowFields: {
            sortBy: { n: 1 },
            output: { running: { $sum: '$n', window: { documents: ['unbounded', 'current'] } } },
          },
        },
        { $count: 'n' },
      ])
      .toArray();
  await group();
  await sort();
  await window();
  for (const [name, busy] of [
    ['findOne by _id, alone', null],
    ['findOne by _id, during $group of 100k', group],
    ['findOne by _id, during $sort of 100k', sort],
    ['findOne by _id, during $setWindowFields (running $sum) of 3k', window],
  ] as const) {
    const { lat, busyMs, seconds } = await findOneLatencies(coll, ids, busy);
    emit({
      name,
      clients: 1,
      ops: Math.round(lat.length / seconds),
      p50: percentile(lat, 50),
      p99: percentile(lat, 99),
      max: lat.at(-1) ?? 0,
      ...(busyMs.length > 0
        ? {
            groupMs: percentile(
              busyMs.sort((a, b) => a - b),
              50,
            ),
          }
        : {}),
    });
  }
  await Promise.all([readers.close(), grouper.close()]);
}

/** Submits per measurement (`BENCH_SUBMITS`): a fixed amount of work, after as many unmeasured ones. */
const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 2000);

/**
 * A Formwell submit's three commands from 16 clients, beside a raw ping and a findOne by _id
 * (10 per submit, so that both take about as long). Each runs a fixed number of times after a
 * warm-up of as many, so that the engine's CPU per operation compares across runs and builds.
 */
async function submit(): Promise<void> {
  const client = new MongoClient(uri, { maxPoolSize: 32 });
  await client.connect();
  const oneSubmit = await seedSubmitWorkload(client);
  const coll = client.db('submit').collection('submissions');
  const c = 16;
  const count = { count: SUBMITS };
  // The ping is the ratios' baseline: measured warm, as everything else here is.
  await raw('ping warm-up (raw OP_MSG)', c, () => ({ ping: 1, $db: 'admin' }));
  await raw('ping (raw OP_MSG)', c, () => ({ ping: 1, $db: 'admin' }));
  let n = 0;
  const submitOnce = () => oneSubmit(n++);
  await measure('submit warm-up', c, submitOnce, count);
  await measure('submit (1 command)', c, submitOnce, count);
  const ids = (await coll.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
  const findOne = (w: number, i: number) => coll.findOne({ _id: ids[(i * c + w) % ids.length] });
  await measure('findOne by _id warm-up', c, findOne, { count: 10 * SUBMITS });
  await measure('findOne by _id', c, findOne, { count: 10 * SUBMITS });
  // The same find as the driver's message, less its session, over bare sockets as the ping: the
  // engine's cost of a findOne apart from how the driver paces its requests.
  const sockets = await RawClients.open(uri, c);
  await measure(
    'findOne by _id (raw OP_MSG)',
    c,
    (w, i) =>
      sockets.command(w, {
        find: 'submissions',
        filter: { _id: ids[(i * c + w) % ids.length] },
        limit: 1,
        singleBatch: true,
        batchSize: 1,
        $db: 'submit',
      }),
    { count: 10 * SUBMITS },
  );
  sockets.close();
  await client.close();
}

/** findOne by _id alone from 16 clients for 10 s: what `BENCH_PROFILE=findOne … run.ts submit` records. */
async function findOneAlone(): Promise<void> {
  const client = new MongoClient(uri, { maxPoolSize: 32 });
  await client.connect();
  const coll = client.db('bench').collection('items');
  await coll.insertMany(Array.from({ length: 10_000 }, (_, i) => ({ name: `item ${String(i)}`, n: i })));
  const ids = (await coll.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
  await measure(
    'findOne by _id, 10 s',
    16,
    (w, i) => coll.findOne({ _id: ids[(i * 16 + w) % ids.length] }),
    10_000,
  );
  await client.close();
}

/** The submit workload alone for 10 s: what `BENCH_PROFILE=1 node --cpu-prof … run.ts submit` records. */
async function submitAlone(): Promise<void> {
  const client = new MongoClient(uri, { maxPoolSize: 32 });
  await client.connect();
  const oneSubmit = await seedSubmitWorkload(client);
  await measure('submit (1 command), 10 s', 16, (w, i) => oneSubmit(i * 16 + w), 10_000);
  await client.close();
}

const phases: Record<string, () => Promise<void>> = {
  scale,
  yielding,
  durable,
  throughput,
  submit,
  submitAlone,
  findOneAlone,
};
await (phases[phase] ?? throughput)();
