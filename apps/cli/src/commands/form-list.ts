import { getMe, listForms } from '@formwell/core';

import { parseListArgs } from '../page-options.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../run-cli.js';

/**
 * `form list --user ID [--limit N] [--cursor C]` → `{forms: [...], nextCursor}`: the user's forms as
 * the API's forms list shows them, newest first.
 */
export async function formList({ args }: TCommandOptions) {
  const { values, page } = parseListArgs(args, { user: { type: 'string' } });

  // An unknown user is an error (exit 1), not an empty list.
  const { id: userId } = await getMe({ userId: requiredOption(values, 'user') });

  return listForms({ userId, ...page });
}
