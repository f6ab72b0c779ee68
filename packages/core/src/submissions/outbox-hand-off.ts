import { SUBMISSION_EMAILS_PER_JOB, submissionEmailsJob, type TJobProducer } from '@formwell/jobs';

import { enqueueOutbox, submissionEmailJobData } from './enqueue-outbox.js';
import type { TOutboxItem } from './outbox-item.js';

/** How long the first email of a window waits for others to share its job. */
const EMAIL_WINDOW_MS = 10;

export type TOutboxHandOff = {
  /** Settles once the items are in their queues; a failure leaves them to the worker's sweep. */
  enqueue(items: TOutboxItem[]): Promise<void>;
  /** Enqueues what still waits for its window (on shutdown). */
  close(): Promise<void>;
};

type TWindow = {
  items: TOutboxItem[];
  timer: NodeJS.Timeout;
  sent: Promise<void>;
  settle: (outcome: Promise<void>) => void;
};

/**
 * The server's hand-off of new outbox entries. Emails handed off within a few milliseconds go to
 * the worker as one job: a job costs Redis about four times as much to fetch and finish as to add,
 * and the add costs the server about a tenth of a millisecond, so one job per email was the
 * largest piece of a submit's CPU after its writes. Webhooks keep one job each (their retries are
 * scheduled per delivery). The wait loses nothing: an entry is stored pending before it is handed
 * off, and the worker's sweep enqueues whatever a crash kept from its queue.
 */
export function createOutboxHandOff(producer: TJobProducer): TOutboxHandOff {
  let open: TWindow | null = null;
  // Windows already on their way to the queue (full, or their time up): close() waits for them too.
  const inFlight = new Set<Promise<void>>();

  const flush = (): Promise<void> => {
    const closing = open;
    if (!closing) {
      return Promise.resolve();
    }
    open = null;
    clearTimeout(closing.timer);
    closing.settle(
      producer.enqueue(submissionEmailsJob, { items: closing.items.map(submissionEmailJobData) }),
    );
    const settled = closing.sent.then(
      () => undefined,
      () => undefined,
    );
    inFlight.add(settled);
    void settled.then(() => inFlight.delete(settled));

    return closing.sent;
  };

  const openWindow = (): TWindow => {
    let settle: TWindow['settle'] = () => undefined;
    const sent = new Promise<void>((resolve) => {
      settle = resolve;
    });
    // Unref'd: a window never keeps the process alive, close() flushes it on shutdown. Its
    // failure reaches the callers through `sent`.
    const timer = setTimeout(() => void flush().catch(() => undefined), EMAIL_WINDOW_MS).unref();

    return { items: [], timer, sent, settle };
  };

  const addEmail = (item: TOutboxItem): Promise<void> => {
    if (open && open.items.length >= SUBMISSION_EMAILS_PER_JOB) {
      void flush().catch(() => undefined);
    }
    open ??= openWindow();
    open.items.push(item);

    return open.sent;
  };

  return {
    enqueue(items) {
      // One pass, no promise beyond the window's: a submit's outbox is nearly always one email.
      const waits: Promise<void>[] = [];
      const webhooks: TOutboxItem[] = [];
      for (const item of items) {
        if (item.kind === 'webhook') {
          webhooks.push(item);
        } else {
          const sent = addEmail(item);
          if (!waits.includes(sent)) {
            waits.push(sent);
          }
        }
      }
      if (webhooks.length > 0) {
        waits.push(enqueueOutbox({ producer, items: webhooks }));
      }

      return waits.length === 1 ? (waits[0] as Promise<void>) : Promise.all(waits).then(() => undefined);
    },
    async close() {
      // The open window first, then every earlier one still being added: the queues (and the
      // connection) close only once none is left half-way. A failure still reaches the caller.
      const last = flush();
      await Promise.all([last, ...inFlight]);
    },
  };
}
