import { parseArgs } from 'node:util';

import { getInboundReceiver } from '@formwell/core';

import type { TCommandOptions } from '../command-options.js';
import { existingTenantOption } from '../tenant-option.js';

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
  const userId = await existingTenantOption(values);

  return getInboundReceiver({ userId, publicUrl: config.publicUrl, rotate: values.rotate });
}
