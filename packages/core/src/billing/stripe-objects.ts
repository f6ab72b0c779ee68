import { z } from 'zod';

const ZId = z.string().min(1);

/** An expandable reference: the id, or the object itself when the sender expanded it. */
const ZRef = z
  .union([ZId, z.looseObject({ id: ZId })])
  .transform((ref) => (typeof ref === 'string' ? ref : ref.id));

const ZMetadata = z.record(z.string(), z.string()).nullish();

/** The envelope of every provider event: only these parts are read before the type is known. */
/**
 * What every event must have: its id (stored, de-duplicated) and its type. `created` (seconds since
 * the epoch) orders events of one subscription; an event written by hand without it is dated when
 * it arrives. An event without `data.object` is stored and its object found unreadable.
 */
export const ZPaymentEventEnvelope = z.looseObject({
  id: ZId,
  type: z.string().min(1),
  created: z.number().int().nonnegative().optional().catch(undefined),
  data: z.looseObject({ object: z.unknown() }).optional().catch(undefined),
});

export const ZCheckoutSession = z.looseObject({
  id: ZId,
  customer: ZRef.nullish(),
  subscription: ZRef.nullish(),
  client_reference_id: z.string().nullish(),
  metadata: ZMetadata,
  /** `paid`, `no_payment_required`, or `unpaid` (a delayed method such as a bank debit, still pending). */
  payment_status: z.string().nullish(),
  /** `subscription`, `payment` (one-off) or `setup`; the provider always sends it. */
  mode: z.string().nullish(),
  /** Present only when the sender expanded them; the provider's event leaves them out. */
  line_items: z
    .looseObject({ data: z.array(z.looseObject({ price: z.looseObject({ id: z.string() }).nullish() })) })
    .nullish(),
});

const ZPrice = z.looseObject({ id: ZId, metadata: ZMetadata });

export const ZSubscription = z.looseObject({
  id: ZId,
  customer: ZRef,
  status: z.string(),
  metadata: ZMetadata,
  // Older API versions state the period on the subscription, newer ones on each item.
  current_period_end: z.number().nullish(),
  items: z
    .looseObject({
      data: z.array(z.looseObject({ current_period_end: z.number().nullish(), price: ZPrice.nullish() })),
    })
    .nullish(),
});

export type TSubscriptionObject = z.infer<typeof ZSubscription>;

export const ZInvoice = z.looseObject({
  id: ZId,
  customer: ZRef.nullish(),
  // Older API versions name the subscription here, newer ones under `parent.subscription_details`.
  subscription: ZRef.nullish(),
  parent: z
    .looseObject({ subscription_details: z.looseObject({ subscription: ZRef.nullish() }).nullish() })
    .nullish(),
  status: z.string().nullish(),
  amount_paid: z.number().nullish(),
  currency: z.string().nullish(),
  hosted_invoice_url: z.string().nullish(),
  status_transitions: z.looseObject({ paid_at: z.number().nullish() }).nullish(),
});

export type TInvoiceObject = z.infer<typeof ZInvoice>;

/** The subscription an invoice belongs to, in either API version's shape. */
export function subscriptionOfInvoice(invoice: TInvoiceObject): string | null {
  return invoice.subscription ?? invoice.parent?.subscription_details?.subscription ?? null;
}

/** A provider timestamp (seconds) as a Date. */
export function fromEpochSeconds(seconds: number): Date {
  return new Date(seconds * 1000);
}
