import { parseArgs } from 'node:util';

import { AppError, AppErrorCode, loadUser, loadWorkspace, setUserPlan, type TPlan } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { requiredOption } from '../required-option.js';
import { tenantOption } from '../tenant-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `user set-plan --user ID --plan P` → `{id, plan, quotaLimit}` (the quota follows the plan): the
 * plan of that user's personal workspace. A team workspace's plan is set with `--workspace W`.
 */
export async function userSetPlan({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, workspace: { type: 'string' }, plan: { type: 'string' } },
    strict: true,
  });
  const plan = requiredOption(values, 'plan').toUpperCase() as TPlan;
  const workspaceId = await tenantOption(values);
  if (values.user !== undefined) {
    await refuseNonUser(values.user);
  }

  return setUserPlan({ config, userId: workspaceId, plan });
}

/**
 * A personal workspace has its user's id, so a team workspace's id would reach the same store
 * and change that workspace's plan under a flag that promises a user's: refused, naming the flag
 * that means it. An id of neither answers 404 `User not found` (exit 1), as before.
 */
async function refuseNonUser(userId: string): Promise<void> {
  try {
    await loadUser(userId);
  } catch (error) {
    if (!AppError.is(error) || error.code !== AppErrorCode.NOT_FOUND) {
      throw error;
    }
    await loadWorkspace(userId);
    throw new CliError(
      `--user ${userId} is a team workspace, not a user: use --workspace ${userId} to set its plan`,
      { pointsToUsage: false },
    );
  }
}
