import { parseArgs } from 'node:util';

import { createWebhookEndpoint, findFormOwner } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/** `webhook create --form ID --url U [--description D]` → `{id, secret, ...}`. */
export async function webhookCreate({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { form: { type: 'string' }, url: { type: 'string' }, description: { type: 'string' } },
    strict: true,
  });
  const formId = requiredOption(values, 'form');
  // The operator names a form, not its owner: look the owner up, then act as that owner.
  const endpoint = await createWebhookEndpoint({
    config,
    userId: await findFormOwner({ formId }),
    formId,
    url: requiredOption(values, 'url'),
    description: values.description,
  });

  return { id: endpoint.id, secret: endpoint.secret, formId: endpoint.formId, url: endpoint.url };
}
