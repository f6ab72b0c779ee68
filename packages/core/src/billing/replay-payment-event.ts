import { paymentEventRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { processPaymentEvent, type TProcessPaymentEventResult } from './process-payment-event.js';
import type { TPlanPriceIds } from './resolve-plan.js';

/**
 * An operator applies a stored payment event again (after an incident or a fix), from the raw body
 * kept when it was received. Effects already made are not repeated (failures and emails are keyed
 * by the event); an event older than the subscription's newest stays ignored. The emails it owes
 * are left in the outbox for the worker's sweep.
 */
export async function replayPaymentEvent({
  eventId,
  config,
  priceIds,
  logger,
}: {
  eventId: string;
  config: TCoreConfig;
  priceIds: TPlanPriceIds;
  logger: { warn(details: object, message: string): void };
}): Promise<TProcessPaymentEventResult> {
  const stored = await paymentEventRepository.findByEventId({ eventId });
  if (!stored) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.PAYMENT_EVENT_NOT_FOUND });
  }

  return processPaymentEvent({
    payload: stored.payload,
    config,
    priceIds,
    producer: null,
    logger,
    replay: true,
  });
}
