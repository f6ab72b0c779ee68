import { Queue } from 'bullmq';
import { Redis } from 'ioredis';

import { createJobProducer, defaultJobOptions, QUEUE_PREFIX, submissionEmailJob } from '@formwell/jobs';
import { startRedisServer } from '@formwell/vitest-config/redis-server';

import { cpuTimes, loadAverage } from './probes.js';

/**
 * `pnpm bench:queue-add`: what handing a submission's e-mail job to BullMQ costs Redis and the
 * producer, measured alone against a redis-server of its own (CPU from /proc for Redis, the
 * process's own CPU for the producer). Cases: a PING (the floor of any round trip), one
 * `enqueue` per job (as the submit does: a new id, then an id that exists), and `addBulk` of 2,
 * 4 and 16 jobs (one pipeline of the same script: what coalescing concurrent hand-offs would
 * send). QUEUE_ADD_IN_FLIGHT (16) callers at a time, QUEUE_ADD_JOBS (4,000) jobs per case.
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
  console.log(`load average ${loadAverage()}`);
} finally {
  await producer.close();
  connection.disconnect();
  await redisServer.stop();
}
