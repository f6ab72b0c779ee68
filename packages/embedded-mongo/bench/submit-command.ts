/**
 * A submit's one command as the server sends it (packages/db bulk-write-command.ts: `bulkWrite` on
 * `admin` with its ops in the body), run in this process against an in-memory engine, a fixed
 * number of times after as many unmeasured: the engine's own CPU per submit from the thread's CPU
 * clock, without sockets or a journal, so a change to the write path shows with little noise.
 * Beside it the same command with its ops in an OP_MSG document sequence (as the driver's
 * `client.bulkWrite` sends it). `pnpm bench submit-command`; BENCH_SUBMIT_ROUNDS (5,000) changes
 * the count, BENCH_SUBMIT_FORM (`body` or `sequence`) runs one form alone (for a profile),
 * BENCH_SUBMIT_OPS (`0,1`: the quota and the insert) sends only the listed ops of the command.
 */
import { deserialize, serialize, type Document } from 'bson';
import { runCommand } from '../src/server/dispatch.js';
import { inProcessState } from './in-process-state.js';
import { encodeOpMsg, parseOpMsg } from '../src/wire/op-msg.js';
import { submitWorkloadCommands } from './submit-workload.js';

const ROUNDS = Number(process.env.BENCH_SUBMIT_ROUNDS ?? 5_000);

/** A message with one body section and, optionally, one document sequence. */
function opMsg(body: Document, sequence?: { id: string; docs: Document[] }): Buffer {
  const parts = [Buffer.from([0]), serialize(body)];
  if (sequence) {
    const docs = sequence.docs.map((d) => serialize(d));
    const id = Buffer.from(`${sequence.id}\0`, 'utf8');
    const size = Buffer.alloc(4);
    size.writeInt32LE(4 + id.length + docs.reduce((n, d) => n + d.length, 0));
    parts.push(Buffer.from([1]), size, id, ...docs);
  }
  const head = Buffer.alloc(20);
  const msg = Buffer.concat([head, ...parts]);
  msg.writeInt32LE(msg.length, 0);
  msg.writeInt32LE(1, 4);
  msg.writeInt32LE(2013, 12);
  return msg;
}

/** A submit's reply: every write done, and each counter update matched an existing document. */
function checkSubmit(reply: Uint8Array): void {
  const r = deserialize(reply);
  if (r.ok !== 1 || r.nErrors !== 0 || r.nInserted !== 1 || r.nMatched !== 5 || r.nUpserted !== 0)
    throw new Error(`submit failed: ${JSON.stringify(r)}`);
}

const threadCpuUs = () => {
  const u = process.threadCpuUsage();
  return u.user + u.system;
};

async function perSubmit(inSequence: boolean): Promise<number> {
  const state = inProcessState();
  const workload = submitWorkloadCommands();
  for (const command of workload.seed) {
    const reply = deserialize(await runCommand(state, parseOpMsg(opMsg(command)), 1));
    if (reply.ok !== 1 || reply.writeErrors) throw new Error(`seed failed: ${JSON.stringify(reply)}`);
  }
  const message = (i: number) => {
    const { nsInfo, ops: all } = workload.submit(i);
    const keep = process.env.BENCH_SUBMIT_OPS?.split(',').map(Number);
    const ops = keep ? all.filter((_, k) => keep.includes(k)) : all;
    const body = {
      bulkWrite: 1,
      errorsOnly: false,
      ordered: true,
      nsInfo,
      bypassDocumentValidation: false,
      $db: 'admin',
    };
    return inSequence ? opMsg(body, { id: 'ops', docs: ops }) : opMsg({ ...body, ops });
  };
  const run = async (from: number, n: number) => {
    // Messages built outside the measured time: the client's work, not the engine's.
    const messages = Array.from({ length: n }, (_, i) => message(from + i));
    const before = threadCpuUs();
    for (let i = 0; i < n; i++) {
      const reply = await runCommand(state, parseOpMsg(messages[i] as Buffer), 1);
      encodeOpMsg(i, 1, reply);
      if (i === n - 1 && !process.env.BENCH_SUBMIT_OPS) checkSubmit(reply);
    }
    return threadCpuUs() - before;
  };
  await run(0, ROUNDS);
  return (await run(ROUNDS, ROUNDS)) / ROUNDS;
}

export async function submitCommandCosts(): Promise<void> {
  // BENCH_SUBMIT_FORM=body (or sequence) runs one form alone, for a CPU profile of it.
  const only = process.env.BENCH_SUBMIT_FORM;
  const body = only === 'sequence' ? NaN : await perSubmit(false);
  const sequence = only === 'body' ? NaN : await perSubmit(true);
  console.log(
    `in-process, ${String(ROUNDS)} submits: the server's bulkWrite (ops in the body) ${body.toFixed(1)} µs, ops in a document sequence ${sequence.toFixed(1)} µs of engine CPU per submit`,
  );
}
