import { listUsers } from '@formwell/core';

import { parseListArgs } from '../page-options.js';
import type { TCommandOptions } from '../command-options.js';

/** `user list [--limit N] [--cursor C]` → `{users: [{id, email, plan, role}], nextCursor}`, newest first. */
export async function userList({ args }: TCommandOptions) {
  const { page } = parseListArgs(args, {});
  const { users, nextCursor } = await listUsers(page);

  return { users: users.map(({ id, email, plan, role }) => ({ id, email, plan, role })), nextCursor };
}
