import { parseArgs } from 'node:util';

import { listForms } from '@formwell/core';

import type { TCommandOptions } from '../command-options.js';
import { tenantOption } from '../tenant-option.js';

/**
 * `form list --workspace W | --user ID [--limit N] [--cursor C]` → `{forms: [...], nextCursor}`,
 * newest first, as `GET /api/v1/forms/list` pages them.
 */
export async function formList({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: {
      workspace: { type: 'string' },
      user: { type: 'string' },
      limit: { type: 'string' },
      cursor: { type: 'string' },
    },
    strict: true,
  });
  const userId = await tenantOption(values);

  return listForms({
    userId,
    ...(values.limit === undefined ? {} : { limit: Number(values.limit) }),
    ...(values.cursor === undefined ? {} : { cursor: values.cursor }),
  });
}
