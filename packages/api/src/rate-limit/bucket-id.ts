import { sha256Hex } from '@formwell/core';

export type RateLimitBucketIdOptions = { bucket: string; apiKeyId: string; formId?: string | null };

/**
 * The counter's identifier. It carries the key's id, never the key (Redis keys are not secret); a form id that
 * is not a plain ObjectId (garbage in the path) is hashed so a client cannot grow Redis keys freely.
 */
export function rateLimitBucketId({ bucket, apiKeyId, formId }: RateLimitBucketIdOptions): string {
  if (formId === undefined || formId === null) {
    return `${bucket}_${apiKeyId}`;
  }
  const formPart = /^[0-9a-f]{24}$/i.test(formId)
    ? formId.toLowerCase()
    : `h${sha256Hex(formId).slice(0, 24)}`;

  return `${bucket}_${apiKeyId}_${formPart}`;
}
