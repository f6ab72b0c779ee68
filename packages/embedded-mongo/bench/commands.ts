/**
 * The engine's own CPU per command, without sockets or a second process: OP_MSG messages framed as
 * the Node.js driver frames them are parsed, run and their replies framed, in this process, a fixed
 * number of times. Unlike the socket runs this barely moves with the machine's load (it reads the
 * thread's CPU time), so a change to the command path shows here first. The socket runs stay the
 * figure that counts: they add the kernel's read and write per command.
 */
import { deserialize, serialize, ObjectId, UUID, type Document, type Long } from 'bson';
import type { ServerState } from '../src/commands/types.js';
import { runCommand } from '../src/server/dispatch.js';
import { inProcessState } from './in-process-state.js';
import { encodeOpMsg, parseOpMsg } from '../src/wire/op-msg.js';

const ROUNDS = Number(process.env.BENCH_COMMAND_ROUNDS ?? 50_000);

/** A message as a driver sends it: header, flags, one body section. */
function opMsg(body: Document): Buffer {
  const bson = serialize(body);
  const msg = Buffer.alloc(21 + bson.length);
  msg.writeInt32LE(msg.length, 0);
  msg.writeInt32LE(1, 4);
  msg.writeInt32LE(2013, 12);
  msg.set(bson, 21);
  return msg;
}

const threadCpuUs = () => {
  const u = process.threadCpuUsage();
  return u.user + u.system;
};

async function perCommand(state: ServerState, messages: (i: number) => Buffer): Promise<number> {
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) {
      const reply = await runCommand(state, parseOpMsg(messages(i)), 1);
      encodeOpMsg(i, 1, reply);
    }
  };
  await run(ROUNDS); // warm-up: the same work, unmeasured
  const before = threadCpuUs();
  await run(ROUNDS);
  return (threadCpuUs() - before) / ROUNDS;
}

export async function commandCosts(): Promise<void> {
  const state = inProcessState();
  const lsid = { id: new UUID() };
  const ids = Array.from({ length: 10_000 }, () => new ObjectId());
  for (let i = 0; i < ids.length; i += 1000) {
    const documents = ids
      .slice(i, i + 1000)
      .map((_id, j) => ({ _id, name: `item ${String(i + j)}`, n: i + j }));
    await runCommand(state, parseOpMsg(opMsg({ insert: 'items', documents, $db: 'bench' })), 1);
  }
  const ping = opMsg({ ping: 1, $db: 'admin' });
  const finds = ids.map((_id) =>
    opMsg({ find: 'items', filter: { _id }, limit: 1, singleBatch: true, batchSize: 1, lsid, $db: 'bench' }),
  );
  const pingUs = await perCommand(state, () => ping);
  const findUs = await perCommand(state, (i) => finds[(i * 7919) % finds.length] ?? ping);
  console.log(
    `in-process, ${String(ROUNDS)} rounds: ping ${pingUs.toFixed(2)} µs, findOne by _id (driver's message) ${findUs.toFixed(2)} µs of CPU per command (${(findUs / pingUs).toFixed(1)}x ping)`,
  );
  await projectedFinds(state, lsid);
}

/**
 * findOne by `_id` of a form-like document whole, with a top-level projection and with a dotted one
 * (what a users-joined read sends, `{'settings.usersJoined': 1}`): what projecting costs beside the
 * find itself.
 */
async function projectedFinds(state: ServerState, lsid: Document): Promise<void> {
  const ids = Array.from({ length: 1_000 }, () => new ObjectId());
  const documents = ids.map((_id, n) => ({
    _id,
    userId: new ObjectId(),
    name: `form ${String(n)}`,
    fields: Array.from({ length: 8 }, (_, f) => ({
      name: `field${String(f)}`,
      type: 'text',
      required: f < 2,
    })),
    settings: { redirectUrl: 'https://example.com/thanks', usersJoined: n, notify: true, theme: 'light' },
    submissionCount: n,
    createdAt: new Date(),
  }));
  await runCommand(state, parseOpMsg(opMsg({ insert: 'forms', documents, $db: 'bench' })), 1);
  const rows: [string, Document | undefined][] = [
    ['whole', undefined],
    ['{settings: 1}', { settings: 1 }],
    ["{'settings.usersJoined': 1}", { 'settings.usersJoined': 1 }],
  ];
  const figures = [];
  for (const [label, projection] of rows) {
    const finds = ids.map((_id) =>
      opMsg({
        find: 'forms',
        filter: { _id },
        ...(projection ? { projection } : {}),
        limit: 1,
        singleBatch: true,
        batchSize: 1,
        lsid,
        $db: 'bench',
      }),
    );
    const us = await perCommand(state, (i) => finds[(i * 7919) % finds.length] as Buffer);
    figures.push(`${label} ${us.toFixed(2)} µs`);
  }
  console.log(`in-process, findOne by _id of a form: ${figures.join(', ')} of CPU per command`);
  console.log(
    `in-process, find of 20 items in batches of 5 (a find, then getMores to the end): ${(await pagedFind(state, lsid, ids.slice(0, 20))).toFixed(2)} µs of CPU per find and its getMores`,
  );
}

/**
 * A cursor's whole life as a driver drives it: a find whose answer needs four batches, then the
 * three getMores that fetch the rest. This is the path a cursor's per-batch checks (session,
 * dropped collection) run on.
 */
async function pagedFind(state: ServerState, lsid: Document, ids: ObjectId[]): Promise<number> {
  const find = opMsg({ find: 'items', filter: { _id: { $in: ids } }, batchSize: 5, lsid, $db: 'bench' });
  const cursorId = (reply: Uint8Array) =>
    (deserialize(reply, { promoteLongs: false }).cursor as { id: Long }).id;
  const one = async () => {
    let id = cursorId(await runCommand(state, parseOpMsg(find), 1));
    while (!id.isZero()) {
      const getMore = opMsg({ getMore: id, collection: 'items', batchSize: 5, lsid, $db: 'bench' });
      id = cursorId(await runCommand(state, parseOpMsg(getMore), 1));
    }
  };
  const run = async (n: number) => {
    for (let i = 0; i < n; i++) await one();
  };
  const rounds = Math.max(1, Math.floor(ROUNDS / 5));
  await run(rounds);
  const before = threadCpuUs();
  await run(rounds);
  return (threadCpuUs() - before) / rounds;
}
