import {
  formRepository,
  userRepository,
  webhookEndpointRepository,
  type TEndpointKind,
  type TWebhookEndpointRecord,
  type TWebhookHeader,
} from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { insertWithSlot } from '../limits/insert-with-slot.js';
import { reserveCappedSlot } from '../limits/reserve-capped-slot.js';
import { SUBMISSION_CREATED_EVENT } from './delivery/webhook-payload.js';
import { generateWebhookSecret } from './generate-webhook-secret.js';

export type StoreFormEndpointOptions = {
  config: TCoreConfig;
  userId: string;
  formId: string;
  kind: TEndpointKind;
  url: string;
  description?: string;
  enabled?: boolean;
  headers?: TWebhookHeader[];
  /** See bumpAuthEpochOrReport: the servers log; the CLI leaves it out and exits 1. */
  onBumpFailed?: TOnBumpFailed;
};

/**
 * Stores an outbound endpoint of any kind on one of the owner's forms, within the plan's per-form
 * limit: webhooks, integrations and REST hooks take slots of the same `webhookCount` (one
 * conditional update, no overshoot), which is also what tells a submit whether the form has
 * endpoints to read. Checks run as everywhere: the form (404, or 403 for another user's), then the
 * plan's limit (403). Every endpoint gets a signing secret, used by the kinds that sign.
 */
export async function storeFormEndpoint({
  config,
  userId,
  formId,
  onBumpFailed,
  ...fields
}: StoreFormEndpointOptions): Promise<TWebhookEndpointRecord> {
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }
  await reserveCappedSlot({
    counter: form.webhookCount,
    countExisting: () => webhookEndpointRepository.countByForm({ userId, formId: form.id }),
    init: (value) => formRepository.initWebhookCount({ userId, formId: form.id, value }),
    reserve: (max) => formRepository.reserveWebhookSlot({ userId, formId: form.id, max }),
    max: config.plans[user.plan].maxWebhooksPerForm,
    limitMessage: ErrorMessages.webhookLimit,
  });
  const record = await insertWithSlot(
    () =>
      webhookEndpointRepository.create({
        ...fields,
        userId,
        formId: form.id,
        secret: generateWebhookSecret(),
        events: [SUBMISSION_CREATED_EVENT],
      }),
    () => formRepository.releaseWebhookSlot({ userId, formId: form.id }),
  );
  // Submits skip reading endpoints of a form whose copy says it has none: make every copy stale.
  await bumpAuthEpochOrReport(userId, onBumpFailed);

  return record;
}
