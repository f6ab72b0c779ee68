import { parseArgs } from 'node:util';

import { findFormOwner, listNotificationPreferences, setNotificationPreference } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `form notify --form ID` → `{members: [{userId, email, role, mode, emailVerified}]}`: how each
 * member of the form's workspace hears of its submissions. With `--user ID --mode M` it first sets
 * that member's mode (instant, hourly, daily or off) and prints the member's line.
 */
export async function formNotify({ args }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: { form: { type: 'string' }, user: { type: 'string' }, mode: { type: 'string' } },
    strict: true,
  });
  const formId = requiredOption(values, 'form');
  const workspaceId = await findFormOwner({ formId });
  if ((values.user === undefined) !== (values.mode === undefined)) {
    throw new CliError('--user and --mode go together');
  }
  if (values.user !== undefined && values.mode !== undefined) {
    return setNotificationPreference({ workspaceId, formId, userId: values.user, mode: values.mode });
  }

  return { members: await listNotificationPreferences({ workspaceId, formId }) };
}
