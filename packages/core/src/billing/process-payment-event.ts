import { setTimeout as sleep } from 'node:timers/promises';

import { paymentEventRepository } from '@formwell/db';
import type { TJobProducer } from '@formwell/jobs';
import { ZodError } from 'zod';

import type { TCoreConfig } from '../config/load-config.js';
import { applyPaymentEvent, isHandledPaymentEventType } from './apply-payment-event.js';
import { enqueueBillingEmails } from './enqueue-billing-emails.js';
import type { TPlanPriceIds } from './resolve-plan.js';
import { fromEpochSeconds, ZPaymentEventEnvelope } from './stripe-objects.js';

/** How long one attempt may hold an event before another delivery may take it over. */
const LEASE_MS = 30_000;
/**
 * How long a concurrent delivery of the same event waits for the attempt holding it, then answers
 * as that one did (well inside the provider's 5 s deadline).
 */
const BUSY_WAIT_MS = 3_000;
const BUSY_POLL_MS = 25;

/** The logger calls this module makes (pino's shape). */
type TBillingLogger = {
  warn(details: object, message: string): void;
};

export type TProcessPaymentEventResult =
  | { state: 'processed'; eventId: string; type: string; outcome: string }
  | { state: 'duplicate'; eventId: string; type: string }
  | { state: 'ignored'; eventId: string; type: string };

/** A delivery of an event another attempt is applying right now, still unfinished after the wait. */
export class PaymentEventBusyError extends Error {
  constructor() {
    super('payment event is being processed by another delivery');
    this.name = 'PaymentEventBusyError';
  }
}

/** A verified event without an id or a type: nothing can be stored or applied, now or on a retry. */
export class PaymentEventUnreadableError extends Error {
  constructor() {
    super('event has no id or type');
    this.name = 'PaymentEventUnreadableError';
  }
}

async function waitForOtherAttempt(eventId: string): Promise<boolean> {
  const deadline = Date.now() + BUSY_WAIT_MS;
  while (Date.now() < deadline) {
    await sleep(BUSY_POLL_MS);
    const stored = await paymentEventRepository.findByEventId({ eventId });
    if (stored?.status === 'processed') {
      return true;
    }
    if (stored?.status === 'failed') {
      return false;
    }
  }

  return false;
}

/**
 * Applies one verified provider event at most once: stored raw under its id with a lease, applied,
 * then marked processed and its emails handed to the worker. A repeat of a processed event is a
 * duplicate; a concurrent repeat waits for the attempt applying it. A failure gives the lease back
 * and throws, so the provider's retry applies it. Types we do not act on are neither stored nor
 * applied. `replay` (the operator's) applies a processed event again.
 */
export async function processPaymentEvent({
  payload,
  config,
  priceIds,
  producer,
  logger,
  replay = false,
  now = () => new Date(),
}: {
  /** The verified body as received. */
  payload: string;
  config: TCoreConfig;
  priceIds: TPlanPriceIds;
  /** Null: the emails stay pending in the outbox for the worker's sweep (the CLI has no queue). */
  producer: TJobProducer | null;
  logger: TBillingLogger;
  replay?: boolean;
  now?: () => Date;
}): Promise<TProcessPaymentEventResult> {
  const envelope = ZPaymentEventEnvelope.safeParse(JSON.parse(payload));
  if (!envelope.success) {
    throw new PaymentEventUnreadableError();
  }
  const event = envelope.data;
  const ids = { eventId: event.id, type: event.type };
  if (!isHandledPaymentEventType(event.type)) {
    return { state: 'ignored', ...ids };
  }
  const at = event.created === undefined ? now() : fromEpochSeconds(event.created);
  const claim = await paymentEventRepository.claim({
    event: { ...ids, occurredAt: at, payload },
    now: now(),
    leaseMs: LEASE_MS,
    force: replay,
  });
  if (claim.state === 'processed') {
    return { state: 'duplicate', ...ids };
  }
  if (claim.state === 'busy') {
    if (await waitForOtherAttempt(event.id)) {
      return { state: 'duplicate', ...ids };
    }
    throw new PaymentEventBusyError();
  }

  let outcome: string;
  try {
    outcome = await applyPaymentEvent(
      { config, priceIds, eventId: event.id, at },
      event.type,
      event.data?.object,
    );
  } catch (error) {
    if (!(error instanceof ZodError)) {
      const reason = error instanceof Error ? error.message : String(error);
      await paymentEventRepository
        .fail({ eventId: event.id, token: claim.token, error: reason })
        .catch(() => undefined);
      throw error;
    }
    // An object we cannot read will not become readable by retrying; it stays stored for a replay.
    logger.warn({ ...ids, issues: error.issues.length }, 'payment event object not readable; ignored');
    outcome = 'unreadable';
  }
  await paymentEventRepository.finish({ eventId: event.id, token: claim.token, outcome, now: now() });
  if (producer) {
    await enqueueBillingEmails({ producer, eventId: event.id, logger });
  }

  return { state: 'processed', ...ids, outcome };
}
