/**
 * Child process for the end-to-end crash test (run with `node --import tsx`): starts the engine on
 * argv[2] and writes through the official driver from 8 concurrent loops, printing
 * `ack <loop> <n>` after the driver saw insert n acknowledged and `inc <value>` after an acknowledged
 * `$inc` of a shared counter. The test SIGKILLs this process: engine and clients die together.
 */
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../../src/index.js';

const dbPath = process.argv[2] ?? '';
const server = await startEmbeddedMongo({ dbPath });
const client = await MongoClient.connect(server.uri, { maxPoolSize: 16 });
const events = client.db('e2e').collection<{ _id: string; loop: number; n: number }>('events');
const counters = client.db('e2e').collection<{ _id: string; value: number }>('counters');
await events.createIndex({ loop: 1, n: 1 }, { unique: true });
const run = Number(process.argv[3] ?? 0);
process.stdout.write('ready\n');

async function insertLoop(loop: number): Promise<void> {
  for (let n = 0; ; n++) {
    // Ids carry the run number, so a restart never collides with what earlier runs wrote.
    await events.insertOne({ _id: `r${run}-l${loop}-${n}`, loop: run * 100 + loop, n });
    process.stdout.write(`ack ${loop} ${n}\n`);
  }
}

async function counterLoop(): Promise<void> {
  for (;;) {
    const after = await counters.findOneAndUpdate(
      { _id: 'c' },
      { $inc: { value: 1 } },
      { upsert: true, returnDocument: 'after' },
    );
    process.stdout.write(`inc ${after?.value ?? -1}\n`);
  }
}

await Promise.all([...Array.from({ length: 8 }, (_, loop) => insertLoop(loop)), counterLoop()]);
