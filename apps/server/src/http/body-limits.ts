/** Body limit of every route: submissions are at most 100 KB. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/**
 * Procedures one tRPC batch may carry: the dashboard batches the few queries of one screen; more
 * would let one request fan out into unbounded work.
 */
export const MAX_TRPC_BATCH_SIZE = 20;

/** The payment receiver's limit: provider events (an invoice with many lines) outgrow 100 KB. */
export const PAYMENT_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;
