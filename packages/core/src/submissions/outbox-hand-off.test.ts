import type { TJobProducer } from '@formwell/jobs';
import { expect, test } from 'vitest';

import { createOutboxHandOff } from './outbox-hand-off.js';
import type { TOutboxItem } from './outbox-item.js';

const hex = (n: number) => n.toString(16).padStart(24, '0');
const email = (n: number): TOutboxItem => ({
  userId: hex(1),
  formId: hex(2),
  submissionId: hex(3),
  entryId: hex(100 + n),
  kind: 'email.developer',
  endpointId: null,
  requestId: null,
});

/** A producer whose adds settle only when the test says so. */
function heldProducer() {
  const adds: { data: unknown; settle: () => void }[] = [];
  const producer: TJobProducer = {
    enqueue: (_contract, data) =>
      new Promise<void>((resolve) => {
        adds.push({ data, settle: resolve });
      }),
    requeue: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };

  return { producer, adds };
}

test('close() waits for every window already on its way to the queue, not only the open one', async () => {
  const { producer, adds } = heldProducer();
  const handOff = createOutboxHandOff(producer);

  // 21 emails: the first 20 fill a window, which goes at once; the 21st opens the next one.
  const handedOff = handOff.enqueue(Array.from({ length: 21 }, (_, n) => email(n)));
  expect(adds).toHaveLength(1);

  let closed = false;
  const closing = handOff.close().then(() => {
    closed = true;
  });
  expect(adds).toHaveLength(2);
  adds[1]?.settle();
  // Only the open window's add is done: the full window's add is still in flight.
  await Promise.resolve();
  await new Promise<void>((resolve) => setImmediate(resolve));
  expect(closed).toBe(false);

  adds[0]?.settle();
  await closing;
  await handedOff;
  expect(closed).toBe(true);
});
