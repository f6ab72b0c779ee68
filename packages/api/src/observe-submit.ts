import { SubmitRefusal, submitRefusalOf } from '@formwell/core';

import type { ApiServices } from './context.js';
import type { TSubmitFace } from './metrics.js';

/**
 * Runs one submit and counts its outcome: stored, caught by the honeypot (answered as stored), or
 * refused with the reason the submit attached where it decided. Shared by every face that submits.
 */
export async function observeSubmit<T extends { spam: boolean }>(
  services: Pick<ApiServices, 'metrics'>,
  face: TSubmitFace,
  submit: () => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await submit();
  } catch (error) {
    services.metrics?.submissionRefused(face, submitRefusalOf(error));
    throw error;
  }
  if (result.spam) {
    services.metrics?.submissionRefused(face, SubmitRefusal.honeypot);
  } else {
    services.metrics?.submissionAccepted(face);
  }

  return result;
}
