/** The largest request body any route reads: a submission is at most 100 KB. */
export const BODY_LIMIT_BYTES = 100 * 1024;

/** The payment receiver's limit: a provider's events (an invoice with many lines) outgrow 100 KB. */
export const PAYMENT_WEBHOOK_BODY_LIMIT_BYTES = 1024 * 1024;

/** A body limit as people read it: "100 KB", "1 MB". */
export function formatBodyLimit(bytes: number): string {
  return bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0
    ? `${String(bytes / (1024 * 1024))} MB`
    : `${String(Math.floor(bytes / 1024))} KB`;
}
