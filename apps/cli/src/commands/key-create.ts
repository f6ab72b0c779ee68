import { parseArgs } from 'node:util';

import { createApiKey, type TApiKeyScope } from '@formwell/core';

import { requiredOption } from '../required-option.js';

/** `key create --user ID --name N [--scopes a,b]` → `{id, key, prefix, scopes}`. */
export async function keyCreate({ args }: { args: string[] }) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, name: { type: 'string' }, scopes: { type: 'string' } },
    strict: true,
  });
  const scopes = values.scopes
    ?.split(',')
    .map((scope) => scope.trim())
    .filter((scope) => scope !== '') as TApiKeyScope[] | undefined;
  const key = await createApiKey({
    userId: requiredOption(values, 'user'),
    name: requiredOption(values, 'name'),
    scopes,
  });

  return { id: key.id, key: key.key, prefix: key.prefix, scopes: key.scopes };
}
