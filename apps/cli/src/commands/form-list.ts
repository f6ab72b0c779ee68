import { listForms } from '@formwell/core';

import type { TCommandOptions } from '../command-options.js';
import { parseListArgs } from '../page-options.js';
import { existingTenantOption } from '../tenant-option.js';

/**
 * `form list --workspace W | --user ID [--limit N] [--cursor C]` → `{forms: [...], nextCursor}`,
 * newest first, as `GET /api/v1/forms/list` pages them.
 */
export async function formList({ args }: TCommandOptions) {
  const { values, page } = parseListArgs(args, { workspace: { type: 'string' }, user: { type: 'string' } });

  return listForms({ userId: await existingTenantOption(values), ...page });
}
