import { parseArgs } from 'node:util';

import { setUserPlan, type TPlan } from '@formwell/core';

import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/** `user set-plan --user ID --plan P` → `{id, plan, quotaLimit}` (the quota follows the plan). */
export async function userSetPlan({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, plan: { type: 'string' } },
    strict: true,
  });

  return setUserPlan({
    config,
    userId: requiredOption(values, 'user'),
    plan: requiredOption(values, 'plan').toUpperCase() as TPlan,
  });
}
