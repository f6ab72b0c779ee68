import { parseArgs } from 'node:util';

import { setAccountPlan, setWorkspacePlan, type TPlan } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import { tenantOption } from '../tenant-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `user set-plan --user ID --plan P` → `{id, plan, quotaLimit}` (the quota follows the plan): the
 * plan of that user's personal workspace (a team workspace's id is refused there, exit 2). A team
 * workspace's plan is set with `--workspace W`.
 */
export async function userSetPlan({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, workspace: { type: 'string' }, plan: { type: 'string' } },
    strict: true,
  });
  const plan = requiredOption(values, 'plan').toUpperCase() as TPlan;
  const id = await tenantOption(values);

  return values.workspace === undefined
    ? setAccountPlan({ config, userId: id, plan })
    : setWorkspacePlan({ config, workspaceId: id, plan });
}
