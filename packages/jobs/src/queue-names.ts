/**
 * Queue names, shared by producers (server) and consumers (worker). The `{formwell}` hash tag keeps
 * every key of a queue in one Redis Cluster slot, as BullMQ requires there.
 */
export const QUEUE_PREFIX = '{formwell}';

export const QueueName = {
  email: 'email',
  webhook: 'webhook',
  maintenance: 'maintenance',
} as const;

export type TQueueName = (typeof QueueName)[keyof typeof QueueName];
