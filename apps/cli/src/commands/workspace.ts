import { parseArgs } from 'node:util';

import { createWorkspace, deleteWorkspace, listAllWorkspaces, listUserWorkspaces } from '@formwell/core';

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

/**
 * `workspace delete --workspace W --confirm NAME` → `{id, deleted: true, removed: {collection:
 * count}}`: a team workspace and everything in it, its members and invitations too. `--confirm`
 * must repeat the workspace's name; a personal workspace goes only with its account.
 */
export async function workspaceDelete({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { workspace: { type: 'string' }, confirm: { type: 'string' } },
    strict: true,
  });

  return deleteWorkspace({
    actor: null,
    workspaceId: requiredOption(values, 'workspace'),
    confirmName: requiredOption(values, 'confirm'),
  });
}
