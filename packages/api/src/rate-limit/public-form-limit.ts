import type { ApiRequest, ApiResponse, ApiServices } from '../context.js';
import { rateLimitBucketId } from './bucket-id.js';
import { clientAddressBucket } from './client-address-bucket.js';
import { applyRateLimitHeaders } from './rate-limit-headers.js';
import { rateLimitRefusal } from './rate-limit-refusal.js';

export type PublicFormLimitOptions = {
  req: ApiRequest;
  res: ApiResponse;
  services: ApiServices;
  /** The path's form id as sent; a garbage id is hashed into the bucket, never stored raw. */
  formId: string;
};

// The count each request found in its bucket, for the spam score (see publicSubmitAddressRate).
const addressRates = new WeakMap<ApiRequest, number>();

/**
 * How many submissions this request's client address sent to the form in the current window, this
 * one included, as its limit counted them; null when the limit was not consumed for it. Above 10 a
 * minute they add to the spam score.
 */
export function publicSubmitAddressRate(req: ApiRequest): number | null {
  return addressRates.get(req) ?? null;
}

/**
 * The keyless HTML endpoint's limit (rule `publicSubmit`), per client address (`request.ip`, which
 * honours TRUST_PROXY) and form. Counted before the body is read; the limit headers go on every
 * answer, and a refusal is the usual 429 with `Retry-After`.
 */
export async function consumePublicFormLimit({ req, res, services, formId }: PublicFormLimitOptions) {
  const bucketId = rateLimitBucketId({
    bucket: 'public_form',
    // The key id's place in the identifier holds the client address here: there is no key.
    apiKeyId: `ip_${clientAddressBucket(req.ip)}`,
    formId,
  });
  const state = await services.rateLimiter.consume('publicSubmit', bucketId);
  addressRates.set(req, state.limit - state.remaining);
  applyRateLimitHeaders(res, state);
  if (!state.allowed) {
    throw rateLimitRefusal({ res, services, state });
  }
}

/**
 * consumePublicFormLimit, unless this request was counted already: an embed key's multipart
 * submit is counted by its host before the body is read (or at its first file part), and its
 * procedure must not count it twice.
 */
export async function consumePublicFormLimitOnce(options: PublicFormLimitOptions) {
  if (!addressRates.has(options.req)) {
    await consumePublicFormLimit(options);
  }
}
