import { parseArgs } from 'node:util';

import { createWorkspace, listAllWorkspaces, listUserWorkspaces } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `workspace list [--user ID]` → `{workspaces: [{id, name, plan, role?}]}`: every workspace, or
 * those of one user with the user's role in each.
 */
export async function workspaceList({ args }: TCommandOptions) {
  const { values } = parseArgs({ args, options: { user: { type: 'string' } }, strict: true });
  const workspaces =
    values.user === undefined ? await listAllWorkspaces() : await listUserWorkspaces({ userId: values.user });

  return { workspaces };
}

/** `workspace create --user ID --name N` → `{id, name, plan}`: a FREE workspace owned by the user. */
export async function workspaceCreate({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, name: { type: 'string' } },
    strict: true,
  });

  return createWorkspace({
    config,
    userId: requiredOption(values, 'user'),
    name: requiredOption(values, 'name'),
  });
}
