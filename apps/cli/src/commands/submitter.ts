import { parseArgs } from 'node:util';

import { eraseSubmitterData, findSubmitterData, ZSubmitterInputSchema } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

function submitterOptions(args: string[]) {
  const { values } = parseArgs({
    args,
    options: { user: { type: 'string' }, email: { type: 'string' } },
    strict: true,
  });
  const input = ZSubmitterInputSchema.safeParse({ email: requiredOption(values, 'email') });
  if (!input.success) {
    throw new CliError('--email must be an email address');
  }

  return { userId: requiredOption(values, 'user'), email: input.data.email };
}

/** `submitter find --user ID --email E` → `{email, submissions}` across the owner's forms. */
export async function submitterFind({ args }: TCommandOptions) {
  return findSubmitterData(submitterOptions(args));
}

/**
 * `submitter erase --user ID --email E` → `{email, submissionsDeleted, emailsDeleted}`: deletes those
 * submissions as a delete by hand does (counters follow) and the emails logged to that address.
 */
export async function submitterErase({ args }: TCommandOptions) {
  return eraseSubmitterData(submitterOptions(args));
}
