import { findFormOwner, pageWebhookEndpoints } from '@formwell/core';

import { parseListArgs } from '../page-options.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `webhook list --form ID [--limit N] [--cursor C]` → `{webhooks: [{id, url, enabled}], nextCursor}`,
 * newest first. URLs are masked as everywhere after creation; secrets are never shown.
 */
export async function webhookList({ args }: TCommandOptions) {
  const { values, page } = parseListArgs(args, { form: { type: 'string' } });
  const formId = requiredOption(values, 'form');
  const { items, nextCursor } = await pageWebhookEndpoints({
    userId: await findFormOwner({ formId }),
    formId,
    ...page,
  });

  return { webhooks: items.map(({ id, url, enabled }) => ({ id, url, enabled })), nextCursor };
}
