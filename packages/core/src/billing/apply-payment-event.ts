import type { TApplyOutcome, TBillingEventContext } from './billing-event-context.js';
import { handleCheckoutCompleted } from './handle-checkout-completed.js';
import { handleInvoiceFailed, handleInvoicePaid } from './handle-invoice-event.js';
import { handleSubscriptionEvent, SUBSCRIPTION_EVENT_TYPES } from './handle-subscription-event.js';

type THandler = (ctx: TBillingEventContext, object: unknown) => Promise<TApplyOutcome>;

/** The event types the receiver acts on; any other type is answered and ignored. */
const HANDLERS: Record<string, THandler> = {
  'checkout.session.completed': handleCheckoutCompleted,
  // A delayed payment method's Checkout: completed unpaid first, then this once the money arrived.
  'checkout.session.async_payment_succeeded': handleCheckoutCompleted,
  'invoice.payment_succeeded': handleInvoicePaid,
  'invoice.payment_failed': handleInvoiceFailed,
  ...Object.fromEntries(
    SUBSCRIPTION_EVENT_TYPES.map((type): [string, THandler] => [
      type,
      (ctx, object) => handleSubscriptionEvent(ctx, type, object),
    ]),
  ),
};

export function isHandledPaymentEventType(type: string): boolean {
  return Object.hasOwn(HANDLERS, type);
}

/** Applies one event's effects; throws when the database fails (the event stays unprocessed). */
export async function applyPaymentEvent(
  ctx: TBillingEventContext,
  type: string,
  object: unknown,
): Promise<TApplyOutcome> {
  const handler = Object.hasOwn(HANDLERS, type) ? HANDLERS[type] : undefined;

  return handler ? handler(ctx, object) : 'ignored';
}
