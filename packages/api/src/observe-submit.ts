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

/**
 * Runs a check made for a submit before the submit itself (the keyless endpoint's, at a body's
 * first file part) and counts its refusal as the submit's; what it lets through is counted later.
 */
export async function observeRefusal<T>(
  services: Pick<ApiServices, 'metrics'>,
  face: TSubmitFace,
  check: () => Promise<T>,
): Promise<T> {
  try {
    return await check();
  } catch (error) {
    services.metrics?.submissionRefused(face, submitRefusalOf(error));
    throw error;
  }
}
