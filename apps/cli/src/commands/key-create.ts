import { parseArgs } from 'node:util';

import { createApiKey, type TApiKeyScope } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import { tenantOption } from '../tenant-option.js';

/**
 * `key create --workspace W | --user ID --name N [--scopes a,b] [--forms FORM_ID,…] [--origins https://a.example,…]`
 * → `{id, key, prefix, scopes, formIds, allowedOrigins}`. `--forms` and `--origins` restrict the
 * key (for a key embedded in a web page); without them it is unrestricted. The key belongs to the
 * workspace (`--user ID`: that user's personal workspace).
 */
export async function keyCreate({ args }: { args: string[] }) {
  const { values } = parseArgs({
    args,
    options: {
      workspace: { type: 'string' },
      user: { type: 'string' },
      name: { type: 'string' },
      scopes: { type: 'string' },
      forms: { type: 'string' },
      origins: { type: 'string' },
    },
    strict: true,
  });
  const key = await createApiKey({
    userId: await tenantOption(values),
    name: requiredOption(values, 'name'),
    scopes: commaList(values.scopes) as TApiKeyScope[] | undefined,
    formIds: commaList(values.forms),
    allowedOrigins: commaList(values.origins),
  });

  return {
    id: key.id,
    key: key.key,
    prefix: key.prefix,
    scopes: key.scopes,
    formIds: key.formIds,
    allowedOrigins: key.allowedOrigins,
  };
}

function commaList(value: string | undefined): string[] | undefined {
  return value
    ?.split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}
