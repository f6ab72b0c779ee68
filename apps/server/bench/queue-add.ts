import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';

import {
  createJobProducer,
  defaultJobOptions,
  QUEUE_PREFIX,
  submissionEmailJob,
  submissionEmailsJob,
} from '@formwell/jobs';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { cpuTimes, loadAverage } from './probes.js';

/**
 * `pnpm bench:queue-add`: what handing a submission's e-mail job to BullMQ costs Redis and the
 * producer, measured alone against a redis-server of its own (CPU from /proc for Redis, the
 * process's own CPU for the producer). Cases: a PING (the floor of any round trip), one
 * `enqueue` per job (as the submit does: a new id, then an id that exists), and `addBulk` of 2,
 * 4 and 16 jobs (one pipeline of the same script: what coalescing concurrent hand-offs would
 * send), one job carrying 1, 2, 4 or 8 emails (the server's hand-off of one window), and last
 * what a worker fetching and finishing jobs costs Redis. QUEUE_ADD_IN_FLIGHT (16) callers at a
 * time, QUEUE_ADD_JOBS (4,000) jobs (emails) per case.
 */
const JOBS = Number(process.env.QUEUE_ADD_JOBS ?? '4000');
const IN_FLIGHT = Number(process.env.QUEUE_ADD_IN_FLIGHT ?? '16');

const redisServer = await startRedisServer();
const connection = new Redis(redisServer.url, { maxRetriesPerRequest: null });
const producer = createJobProducer(connection);
const hex = (n: number) => n.toString(16).padStart(24, '0');
let serial = 0;
const nextJob = () => {
  serial += 1;

  return {
    kind: 'email.developer' as const,
    userId: hex(1),
    formId: hex(2),
    submissionId: hex(1_000_000 + serial),
    entryId: hex(2_000_000 + serial),
    requestId: `req-${serial}`,
  };
};

/** Runs `work` JOBS times, IN_FLIGHT at a time; answers CPU µs per job of Redis and of this process. */
async function measure(name: string, work: () => Promise<unknown>, jobsPerCall = 1): Promise<void> {
  for (let i = 0; i < 50; i += 1) {
    await work();
  }
  const redisBefore = cpuTimes(redisServer.pid);
  const selfBefore = process.cpuUsage();
  let left = JOBS / jobsPerCall;
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async () => {
      while (left > 0) {
        left -= 1;
        await work();
      }
    }),
  );
  const redisAfter = cpuTimes(redisServer.pid);
  const self = process.cpuUsage(selfBefore);
  const redisUs =
    ((redisAfter.user + redisAfter.system - redisBefore.user - redisBefore.system) * 1e6) / JOBS;
  const selfUs = (self.user + self.system) / JOBS;
  console.log(
    `${name.padEnd(34)} redis ${redisUs.toFixed(1).padStart(6)} µs/job, producer ${selfUs.toFixed(1).padStart(6)} µs/job`,
  );
}

/**
 * What the worker's side of a job costs Redis per email: JOBS emails enqueued one per job (as the
 * sweep does) or `itemsPerJob` per job (as the server's hand-off of one window does), then consumed
 * by a BullMQ Worker with the worker's options (10 at a time) and a processor that does nothing:
 * fetching (moveToActive), finishing (moveToFinished, with the history trimming of
 * removeOnComplete) and the events each writes.
 */
async function measureConsume(itemsPerJob: number): Promise<void> {
  const workerConnection = new Redis(redisServer.url, { maxRetriesPerRequest: null });
  const queue = new Queue(submissionEmailJob.queue, { connection, prefix: QUEUE_PREFIX });
  await queue.obliterate({ force: true });
  const jobs = JOBS / itemsPerJob;
  for (let i = 0; i < jobs; i += 1) {
    await (itemsPerJob === 1
      ? producer.enqueue(submissionEmailJob, nextJob())
      : producer.enqueue(submissionEmailsJob, { items: Array.from({ length: itemsPerJob }, nextJob) }));
  }
  const redisBefore = cpuTimes(redisServer.pid);
  const selfBefore = process.cpuUsage();
  let done = 0;
  await new Promise<void>((resolve) => {
    const worker = new Worker(submissionEmailJob.queue, () => Promise.resolve(), {
      connection: workerConnection,
      prefix: QUEUE_PREFIX,
      concurrency: 10,
    });
    worker.on('completed', () => {
      done += 1;
      if (done === jobs) {
        void worker.close().then(resolve);
      }
    });
  });
  const redisAfter = cpuTimes(redisServer.pid);
  const self = process.cpuUsage(selfBefore);
  const redisUs =
    ((redisAfter.user + redisAfter.system - redisBefore.user - redisBefore.system) * 1e6) / JOBS;
  console.log(
    `${`worker: fetch + finish, ${itemsPerJob}/job`.padEnd(34)} redis ${redisUs.toFixed(1).padStart(6)} µs/email, worker ${((self.user + self.system) / JOBS).toFixed(1).padStart(6)} µs/email`,
  );
  await queue.close();
  workerConnection.disconnect();
}

try {
  console.log(`${JOBS} jobs per case, ${IN_FLIGHT} in flight, load average ${loadAverage()}`);
  await measure('PING', () => connection.ping());
  await measure('enqueue (Queue.add, new job id)', () => producer.enqueue(submissionEmailJob, nextJob()));
  const repeated = nextJob();
  await measure('enqueue (Queue.add, existing id)', () => producer.enqueue(submissionEmailJob, repeated));
  const queue = new Queue(submissionEmailJob.queue, { connection, prefix: QUEUE_PREFIX, defaultJobOptions });
  for (const batch of [2, 4, 16]) {
    await measure(
      `addBulk of ${batch} (per job)`,
      async () => {
        const jobs = Array.from({ length: batch }, () => {
          const data = submissionEmailJob.schema.parse(nextJob());
          return {
            name: submissionEmailJob.name,
            data,
            opts: { ...submissionEmailJob.options, jobId: submissionEmailJob.jobId(data) },
          };
        });
        await queue.addBulk(jobs);
      },
      batch,
    );
  }
  await queue.close();
  for (const items of [1, 2, 4, 8]) {
    await measure(
      `window's job of ${items} (per email)`,
      () => producer.enqueue(submissionEmailsJob, { items: Array.from({ length: items }, nextJob) }),
      items,
    );
  }
  for (const items of [1, 4]) {
    await measureConsume(items);
  }
  console.log(`load average ${loadAverage()}`);
} finally {
  await producer.close();
  connection.disconnect();
  await redisServer.stop();
}
