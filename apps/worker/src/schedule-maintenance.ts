import { QUEUE_PREFIX, QueueName, type TRedisClient } from '@formwell/jobs';
import { Queue } from 'bullmq';

import { maintenanceSchedule } from './processors/maintenance.js';

/**
 * Registers the periodic sweeps with BullMQ job schedulers. Upserting is idempotent, so every
 * worker replica can do it at start-up and each sweep still runs once per period.
 */
export async function scheduleMaintenance(
  connection: TRedisClient,
  schedule: Record<string, number> = maintenanceSchedule,
): Promise<void> {
  const queue = new Queue(QueueName.maintenance, { connection, prefix: QUEUE_PREFIX });
  try {
    for (const [name, every] of Object.entries(schedule)) {
      await queue.upsertJobScheduler(
        name,
        { every },
        { name, opts: { removeOnComplete: 100, removeOnFail: 100 } },
      );
    }
  } finally {
    await queue.close();
  }
}
