import {
  createJobProducer,
  createWorkerConnection,
  QUEUE_PREFIX,
  type TJobProducer,
  type TRedisClient,
} from '@formwell/jobs';
import { testRedisUrl } from '@formwell/vitest-config/services';
import { Queue } from 'bullmq';
import { pino } from 'pino';

import { startWorkerRuntime, type StartWorkerRuntimeOptions, type WorkerRuntime } from '../../src/runtime.js';

/** What a test sets of the runtime: its database (a restart reuses it), the rest as the runtime takes it. */
type TWorkerStartOptions = { mongoUri: string } & Partial<Omit<StartWorkerRuntimeOptions, 'redisUrl'>>;

export type TWorkerHarness = {
  /** The test's own Redis connection (the runtime keeps another), for its producer and queues. */
  connection: TRedisClient;
  /** Enqueues as the server does. */
  producer: TJobProducer;
  /** A queue to read jobs back from, on the test's connection; closed by `stop`. */
  queue(name: string): Queue;
  /** Starts a runtime on the test Redis, silent and without the periodic sweeps unless told. */
  start(options: TWorkerStartOptions): Promise<WorkerRuntime>;
  /** The runtime `start` started last. */
  readonly runtime: WorkerRuntime;
  /** Closes the queues, the producer and the connection, then stops the runtime. */
  stop(): Promise<void>;
};

/**
 * The worker tests' set-up: a connection and a producer at once (a test file's helpers use them
 * from the start), the runtime when the test starts it (in `beforeAll`, after what it needs, such
 * as an SMTP server, is listening).
 */
export function workerHarness(): TWorkerHarness {
  const connection = createWorkerConnection(testRedisUrl());
  const producer = createJobProducer(connection);
  const queues: Queue[] = [];
  let current: WorkerRuntime | null = null;

  return {
    connection,
    producer,
    queue(name) {
      const queue = new Queue(name, { connection, prefix: QUEUE_PREFIX });
      queues.push(queue);

      return queue;
    },
    async start(options) {
      current = await startWorkerRuntime({
        redisUrl: testRedisUrl(),
        logger: pino({ level: 'silent' }),
        scheduleSweeps: false,
        ...options,
      });

      return current;
    },
    get runtime() {
      if (!current) {
        throw new Error('the worker runtime was not started');
      }

      return current;
    },
    async stop() {
      await Promise.all(queues.map((queue) => queue.close()));
      await producer.close();
      connection.disconnect();
      await current?.stop();
    },
  };
}
