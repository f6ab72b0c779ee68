import type { TJobProducer } from '@formwell/jobs';

import { enqueueOutbox } from './enqueue-outbox.js';
import { findPendingOutbox } from './find-pending-outbox.js';

/** The worker's outbox sweep: enqueues what the submit path could not; answers how many entries. */
export async function sweepOutbox({
  producer,
  olderThanMs,
  now = new Date(),
}: {
  producer: TJobProducer;
  olderThanMs?: number;
  now?: Date;
}): Promise<number> {
  const items = await findPendingOutbox({ ...(olderThanMs !== undefined ? { olderThanMs } : {}), now });
  await enqueueOutbox({ producer, items, again: true });

  return items.length;
}
