import { connectDatabase, disconnectDatabase, SubmissionModel } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { expect } from 'vitest';

import { createOwnerWithWebhook } from '../api-v1/helpers/fixtures.js';
import { startRecordingReceiver, type TRecordingReceiver } from '../helpers/recording-receiver.js';
import { waitFor } from '../helpers/start-system.js';
import {
  killReplica,
  startServerReplica,
  startWorkerReplica,
  stopReplica,
  type TReplica,
  type TServerReplica,
} from './replicas.js';
import { postJson, runSteadyLoad } from './steady-load.js';

// Jobs one worker runs at once per queue: what a SIGKILLed worker can have had half-done.
const WORKER_CONCURRENCY = 8;
// Bad API keys one client address may send before every server refuses it.
const BAD_KEY_LIMIT = 6;
// Deliveries left after the last submit: generous, the machine is shared and the outcome must not
// depend on its speed.
const DRAIN_LIMIT_MS = 600_000;

export type TScaleOutOptions = {
  /** REDIS_URL of every replica: one Redis, or a cluster's node list. */
  redisUrl: string;
  submits: number;
  perSecond: number;
  label: string;
};

/**
 * Two servers and two workers as real processes on one Redis (or cluster) and one database. A
 * steady stream of submits goes to both servers; a third of the way in, one worker is SIGKILLed;
 * half-way, one server is restarted. Then: every 201 is stored once, every submission's webhook
 * reaches the receiver (de-duplicated by webhook-id) once, and a rate limit reached through both
 * servers is enforced by both.
 */
export async function runScaleOutFlow(
  { redisUrl, submits, perSecond, label }: TScaleOutOptions,
  cleanups: (() => Promise<void>)[],
): Promise<void> {
  const mongoUri = testMongoUri(label);
  await connectDatabase({ uri: mongoUri });
  cleanups.push(() => disconnectDatabase());
  const receiver = await startRecordingReceiver();
  cleanups.push(receiver.close);
  const { owner, form } = await createOwnerWithWebhook(receiver.url, { quotaLimit: 1_000_000 });

  const common = { MONGODB_URI: mongoUri, REDIS_URL: redisUrl, LOG_LEVEL: 'info' };
  const serverEnv = {
    ...common,
    NODE_ENV: 'test',
    // Submits are not what is limited here; bad keys are, low, to see the limit shared.
    RATE_LIMIT_SUBMIT: '1000000/60',
    RATE_LIMIT_BAD_API_KEY: `${BAD_KEY_LIMIT}/3600`,
  };
  const workerEnv = {
    ...common,
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    WORKER_CONCURRENCY: String(WORKER_CONCURRENCY),
    // The surviving worker takes over the killed one's jobs after about this long.
    WORKER_LOCK_DURATION_MS: '10000',
    OUTBOX_SWEEP_EVERY_MS: '2000',
    OUTBOX_SWEEP_AFTER_MS: '20000',
  };
  const replicas: TReplica[] = [];
  cleanups.push(async () => {
    await Promise.all(replicas.map((replica) => stopReplica(replica)));
  });
  const track = async <T extends TReplica>(starting: Promise<T>): Promise<T> => {
    const replica = await starting;
    replicas.push(replica);

    return replica;
  };
  const servers: TServerReplica[] = await Promise.all([
    track(startServerReplica('server-a', serverEnv)),
    track(startServerReplica('server-b', serverEnv)),
  ]);
  const workers = await Promise.all([
    track(startWorkerReplica('worker-a', workerEnv)),
    track(startWorkerReplica('worker-b', workerEnv)),
  ]);
  const output = () => replicas.map((r) => `--- ${r.name}\n${r.process.output().slice(-4_000)}`).join('\n');

  let killedSignal: NodeJS.Signals | null = null;
  let restartedUrl = '';
  let restarted: Promise<void> = Promise.resolve();
  const { outcomes, events } = await runSteadyLoad({
    count: submits,
    perSecond,
    servers: () => servers.map((server) => server.url),
    submit: (seq) => ({
      path: '/api/v1/forms/submit',
      headers: { 'x-api-key': owner.key },
      body: { formId: form.id, data: { seq: String(seq) } },
    }),
    events: {
      [Math.floor(submits / 3)]: async () => {
        const [doomed] = workers;
        killedSignal = doomed ? await killReplica(doomed) : null;
      },
      [Math.floor(submits / 2)]: () => {
        restarted = (async () => {
          const [old] = servers;
          if (!old) {
            return;
          }
          await stopReplica(old);
          // Until the new one listens, the old address refuses and the balancer sends elsewhere.
          const fresh = await track(startServerReplica('server-a-restarted', serverEnv));
          servers[0] = fresh;
          restartedUrl = fresh.url;
        })();

        return restarted;
      },
    },
    // The last quarter waits for the restarted server, so it takes part of the load however long
    // the restart takes (submits keep flowing to the other server while it starts).
    gates: { [Math.floor((submits * 3) / 4)]: () => restarted },
  });
  await Promise.all(events);

  // Every submit was answered 201 in the end (none lost to the restart or the kill); those the
  // stopping server turned away were sent again, and the check below finds none of them stored twice.
  expect(outcomes.filter((outcome) => outcome.status !== 201)).toEqual([]);
  expect(outcomes).toHaveLength(submits);
  expect(killedSignal).toBe('SIGKILL');
  // The restart happened mid-run: the new server took part of the load.
  expect(outcomes.filter((outcome) => outcome.server === restartedUrl).length).toBeGreaterThan(0);
  const acceptedIds = new Set(
    outcomes.map((outcome) => (JSON.parse(outcome.body) as { submissionId: string }).submissionId),
  );
  expect(acceptedIds.size).toBe(submits);

  // Stored exactly once: one document per accepted submit, none for a submit twice.
  const stored = await SubmissionModel.find({ formId: form.id }, { data: 1 }).lean<
    { _id: { toString(): string }; data: { seq: string } }[]
  >();
  expect(stored.map((doc) => doc._id.toString()).sort()).toEqual([...acceptedIds].sort());
  expect(new Set(stored.map((doc) => doc.data.seq)).size).toBe(submits);

  // Delivered exactly once, counting each webhook-id once however often it arrived.
  await waitFor(
    () => Promise.resolve(distinctWebhooks(receiver).size === submits ? true : undefined),
    DRAIN_LIMIT_MS,
    () => `${distinctWebhooks(receiver).size} of ${submits} webhooks\n${output()}`,
  );
  await waitFor(
    async () =>
      (await SubmissionModel.exists({ formId: form.id, hasPendingOutbox: true })) ? undefined : true,
    DRAIN_LIMIT_MS,
    output,
  );
  const delivered = distinctWebhooks(receiver);
  expect(new Set(delivered.values())).toEqual(acceptedIds);
  // A webhook arrives twice only when the killed worker had posted it without recording it: at
  // most what it had in hand.
  expect(receiver.received.length - delivered.size).toBeLessThanOrEqual(WORKER_CONCURRENCY);

  await expectBadKeyLimitShared(servers, form.id, owner.key);
}

/** webhook-id → the submission it is about, over every request the receiver got. */
function distinctWebhooks(receiver: TRecordingReceiver): Map<string, string> {
  const byId = new Map<string, string>();
  for (const { headers, body } of receiver.received) {
    const submissionId = (JSON.parse(body) as { data: { submissionId: string } }).data.submissionId;
    const webhookId = String(headers['webhook-id']);
    expect(byId.get(webhookId) ?? submissionId).toBe(submissionId);
    byId.set(webhookId, submissionId);
  }

  return byId;
}

/**
 * Bad keys sent half to each server: both count into one limit in Redis, so once the sum reaches
 * it, both refuse, though neither saw as many on its own.
 */
async function expectBadKeyLimitShared(servers: TServerReplica[], formId: string, key: string) {
  const [first, second] = servers.map((server) => server.url);
  const badKey = `${key.slice(0, -6)}zzzzzz`;
  const submitWith = (server: string | undefined) =>
    postJson(`${server}/api/v1/forms/submit`, { 'x-api-key': badKey }, { formId, data: {} });
  const statuses: number[] = [];
  for (let sent = 0; sent < BAD_KEY_LIMIT; sent++) {
    statuses.push((await submitWith(sent % 2 === 0 ? first : second)).status);
  }
  expect(statuses).toEqual(Array.from({ length: BAD_KEY_LIMIT }, () => 401));
  expect((await submitWith(first)).status).toBe(429);
  expect((await submitWith(second)).status).toBe(429);
}
