import {
  apiKeyRepository,
  emailLogRepository,
  formRepository,
  notificationRecipientRepository,
  submissionRepository,
  webhookDeliveryRepository,
  webhookEndpointRepository,
} from '@formwell/db';

import { toApiKeyView } from '../api-keys/api-key-view.js';
import type { TCoreConfig } from '../config/load-config.js';
import { toEmailView } from '../email/email-view.js';
import { toExportedRecipient } from '../email/recipients/extra/extra-recipients.js';
import { toFormDetail } from '../forms/form-detail.js';
import { toSubmissionView } from '../submissions/submission-view.js';
import { loadUser } from '../users/load-user.js';
import { toUserView } from '../users/user-view.js';
import { loadWorkspace } from '../workspaces/load-workspace.js';
import { toWebhookDeliveryView } from '../webhooks/delivery/webhook-delivery-view.js';
import { toWebhookEndpointView } from '../webhooks/webhook-endpoint-view.js';

/** The archive's own name and version, first in the file, so a reader knows what it holds. */
const ACCOUNT_EXPORT_FORMAT = { format: 'formwell-account-export', version: 1 } as const;

/**
 * Everything of one account as one JSON document, produced piece by piece so an account of any size
 * streams (the caller compresses and writes it). Every part goes through the view the dashboard and
 * API show, so nothing secret is in it: no password hash, no API key hash, no webhook or CAPTCHA
 * secret, no recipient's link token. Sections: account, forms, notificationRecipients (the forms'
 * extra addresses: address, state, form), submissions, apiKeys, webhookEndpoints, webhookDeliveries,
 * emails.
 */
export async function* exportAccount({
  userId,
  config,
}: {
  userId: string;
  /** The plans, which decide what the forms' email switches do (their `emailSettings`). */
  config: Pick<TCoreConfig, 'plans'>;
}): AsyncGenerator<string> {
  const user = await loadUser(userId);
  // The account's data is that of its personal workspace (same id).
  const personal = await loadWorkspace(userId);
  const limits = config.plans[personal.plan];
  const head = {
    ...ACCOUNT_EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    account: toUserView(user, personal),
  };
  yield JSON.stringify(head).slice(0, -1);
  const sections: [string, AsyncIterable<unknown>][] = [
    ['forms', map(formRepository.streamByUser({ userId }), (form) => toFormDetail(form, limits))],
    [
      'notificationRecipients',
      map(notificationRecipientRepository.streamByWorkspace({ workspaceId: userId }), toExportedRecipient),
    ],
    ['submissions', map(submissionRepository.streamByUser({ userId }), toSubmissionView)],
    ['apiKeys', map(apiKeyRepository.streamByUser({ userId }), toApiKeyView)],
    ['webhookEndpoints', map(webhookEndpointRepository.streamByUser({ userId }), toWebhookEndpointView)],
    ['webhookDeliveries', map(webhookDeliveryRepository.streamByUser({ userId }), toWebhookDeliveryView)],
    [
      'emails',
      map(emailLogRepository.streamByUser({ userId }), (record) => toEmailView(record, { fullError: false })),
    ],
  ];
  for (const [name, items] of sections) {
    yield `,${JSON.stringify(name)}:[`;
    let first = true;
    for await (const item of items) {
      yield `${first ? '' : ','}${JSON.stringify(item)}`;
      first = false;
    }
    yield ']';
  }
  yield '}\n';
}

async function* map<TIn, TOut>(items: AsyncIterable<TIn>, view: (item: TIn) => TOut): AsyncGenerator<TOut> {
  for await (const item of items) {
    yield view(item);
  }
}
