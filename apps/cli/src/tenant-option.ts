import { loadWorkspace } from '@formwell/core';

import { CliError } from './cli-error.js';

/**
 * The workspace a command acts in: `--workspace W`, or `--user ID` for that user's personal
 * workspace (which has the user's id, so existing scripts keep their meaning). Exactly one.
 */
export async function tenantOption(values: { workspace?: string | undefined; user?: string | undefined }) {
  const { workspace, user } = values;
  if (workspace !== undefined && user !== undefined) {
    throw new CliError('give either --workspace or --user, not both');
  }
  if (workspace !== undefined) {
    // An unknown workspace is named as such (with --user, core answers `User not found` as before).
    await loadWorkspace(workspace, { missing: 'workspace' });

    return workspace;
  }
  if (user === undefined || user.trim() === '') {
    throw new CliError('missing required option --workspace (or --user)');
  }
  return user;
}

/**
 * The same, for commands that only read: an unknown user is an error (exit 1, `User not found`),
 * not an empty list. (Commands that write check their input first, then meet the unknown user.)
 */
export async function existingTenantOption(values: {
  workspace?: string | undefined;
  user?: string | undefined;
}): Promise<string> {
  const tenant = await tenantOption(values);
  await loadWorkspace(tenant);

  return tenant;
}
