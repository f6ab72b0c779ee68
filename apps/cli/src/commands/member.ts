import { parseArgs } from 'node:util';

import { addMember, removeMember } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `member add --workspace W --email E --role admin|member|viewer` → `{workspaceId, userId, role}`:
 * an existing account joins at once (the operator needs no invitation).
 */
export async function memberAdd({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { workspace: { type: 'string' }, email: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  });

  return addMember({
    actor: null,
    workspaceId: requiredOption(values, 'workspace'),
    email: requiredOption(values, 'email'),
    role: requiredOption(values, 'role'),
  });
}

/** `member remove --workspace W --user ID` → `{workspaceId, userId, removed: true}`. */
export async function memberRemove({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { workspace: { type: 'string' }, user: { type: 'string' } },
    strict: true,
  });

  return removeMember({
    actor: null,
    workspaceId: requiredOption(values, 'workspace'),
    userId: requiredOption(values, 'user'),
  });
}
