/**
 * Child process for the group-commit crash test (run with `node --import tsx`): starts the durable
 * engine on argv[2] and inserts from 64 concurrent driver loops on 64 pooled connections, printing
 * `ack <loop> <n>` once insert n of a loop is acknowledged, and every 50 ms `stats <commits>
 * <fsyncs>` (how many commits the fdatasyncs so far covered). The test SIGKILLs this process.
 */
import { MongoClient } from 'mongodb';
import { startEmbeddedMongo } from '../../src/index.js';

const LOOPS = 64;

const dbPath = process.argv[2] ?? '';
const run = Number(process.argv[3] ?? 0);
const server = await startEmbeddedMongo({ dbPath });
const client = await MongoClient.connect(server.uri, { maxPoolSize: LOOPS, minPoolSize: LOOPS });
const docs = client.db('gc').collection<{ _id: string; loop: number; n: number }>('docs');
setInterval(() => {
  const stats = server.storeStats?.();
  if (stats) process.stdout.write(`stats ${String(stats.commits)} ${String(stats.fsyncs)}\n`);
}, 50);

async function insertLoop(loop: number): Promise<void> {
  for (let n = 0; ; n++) {
    await docs.insertOne({ _id: `r${String(run)}-l${String(loop)}-${String(n)}`, loop, n });
    process.stdout.write(`ack ${String(loop)} ${String(n)}\n`);
  }
}

await Promise.all(Array.from({ length: LOOPS }, (_, loop) => insertLoop(loop)));
