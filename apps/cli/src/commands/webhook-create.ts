import { parseArgs } from 'node:util';

import { createWebhookEndpoint, findFormOwner } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `webhook create --form ID --url U [--description D] [--header 'Name: value']…` → `{id, secret, ...}`.
 * Each `--header` adds one custom header sent with every delivery (an auth token of the receiver,
 * say); the output masks credential values, as every later read does.
 */
export async function webhookCreate({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: {
      form: { type: 'string' },
      url: { type: 'string' },
      description: { type: 'string' },
      header: { type: 'string', multiple: true },
    },
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
    headers: values.header?.map(parseHeader),
  });

  return {
    id: endpoint.id,
    secret: endpoint.secret,
    formId: endpoint.formId,
    url: endpoint.url,
    headers: endpoint.headers,
  };
}

/** `Name: value` (as curl's `-H`); the name and value rules are the API's, checked by core. */
function parseHeader(header: string): { name: string; value: string } {
  const colon = header.indexOf(':');
  if (colon <= 0) {
    throw new CliError(`--header must be "Name: value", got "${header}"`);
  }

  return { name: header.slice(0, colon).trim(), value: header.slice(colon + 1).trim() };
}
