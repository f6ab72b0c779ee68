import { webhookEndpointRepository } from '@formwell/db';

import { loadOwnedForm } from '../forms/load-owned-form.js';
import { FAMILY_KINDS } from './endpoint-family.js';
import { cutPage } from '../pagination/cut-page.js';
import { nextCursor } from '../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../pagination/resolve-page-request.js';
import { toWebhookEndpointView, type TWebhookEndpointView } from './webhook-endpoint-view.js';

export type PageWebhookEndpointsOptions = { userId: string; formId: string } & TPageRequest;

/**
 * One page of the form's endpoints without their secrets, newest first, with `limit` and `cursor` as
 * every list of the API. A form has at most 10 endpoints, so the page is cut from the whole list.
 * Bad paging input is refused before the form is read.
 */
export async function pageWebhookEndpoints({
  userId,
  formId,
  limit,
  cursor,
}: PageWebhookEndpointsOptions): Promise<{ items: TWebhookEndpointView[]; nextCursor: string | null }> {
  const request = resolvePageRequest({ limit, cursor });
  const form = await loadOwnedForm({ userId, formId, foreign: 'forbidden' });
  const records = await webhookEndpointRepository.listByForm({
    userId,
    formId: form.id,
    kinds: FAMILY_KINDS.webhook,
  });
  const page = cutPage(records, request);

  return { items: page.items.map(toWebhookEndpointView), nextCursor: nextCursor(page) };
}
