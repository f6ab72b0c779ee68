export { QUEUE_PREFIX, QueueName } from './queue-names.js';
export type { TQueueName } from './queue-names.js';
export { createProducerConnection, createWorkerConnection } from './redis-connection.js';
export { ZRedisUrl } from './redis-url.js';
export { defaultJobOptions } from './job-defaults.js';
export {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_KEY,
  WORKER_HEARTBEAT_TTL_MS,
} from './worker-heartbeat.js';
