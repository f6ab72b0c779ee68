import { parseArgs } from 'node:util';

import { getInboundReceiver, getMe } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../run-cli.js';

/**
 * `receiver show --user ID [--rotate]` → `{url, receiverId, secret}`: the owner's own custom
 * receiver (made on first use). Notifications signed with this secret and posted to this URL are
 * filed under this owner only; `--rotate` gives it a new secret (the URL stays).
 */
export async function receiverShow({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, rotate: { type: 'boolean', default: false } },
    strict: true,
  });
  const { id: userId } = await getMe({ userId: requiredOption(values, 'user') });

  return getInboundReceiver({ userId, publicUrl: config.publicUrl, rotate: values.rotate });
}
