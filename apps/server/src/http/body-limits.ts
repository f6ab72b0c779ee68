// Core owns the limits, so the 413 texts name the same numbers the routes enforce.
export { BODY_LIMIT_BYTES, PAYMENT_WEBHOOK_BODY_LIMIT_BYTES } from '@formwell/core';

/**
 * Procedures one tRPC batch may carry: the dashboard batches the few queries of one screen; more
 * would let one request fan out into unbounded work.
 */
export const MAX_TRPC_BATCH_SIZE = 20;
