import { parseArgs } from 'node:util';

import { AppError, createForm, ErrorMessages, type TCreateFormInput, type TFormType } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';
import { tenantOption } from '../tenant-option.js';

function parseFields(json: string | undefined): unknown {
  if (json === undefined) {
    return undefined;
  }
  try {
    return JSON.parse(json) as unknown;
  } catch {
    throw new CliError('--fields must be a JSON array of Field objects');
  }
}

/**
 * `form create --workspace W | --user ID --name N --type T [--description D] [--fields JSON] [--users-joined]
 * [--unique-email]` → the created form (`{id, ...}`).
 */
export async function formCreate({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: {
      workspace: { type: 'string' },
      user: { type: 'string' },
      name: { type: 'string' },
      type: { type: 'string' },
      description: { type: 'string' },
      fields: { type: 'string' },
      'users-joined': { type: 'boolean', default: false },
      'unique-email': { type: 'boolean' },
    },
    strict: true,
  });
  const input: TCreateFormInput = {
    name: requiredOption(values, 'name'),
    formType: requiredOption(values, 'type').toLowerCase() as TFormType,
    description: values.description,
    fields: parseFields(values.fields) as TCreateFormInput['fields'],
    settings: values['users-joined'] ? { usersJoined: { enabled: true } } : undefined,
    uniqueEmail: values['unique-email'],
  };

  const userId = await tenantOption(values);

  try {
    return await createForm({ config, userId, input });
  } catch (error) {
    // A file field on a plan without uploads is a value this command refuses, as `--plan GOLD`
    // is: the same text as the API's 403, with the exit code of an input mistake.
    if (AppError.is(error) && error.message === ErrorMessages.FILE_UPLOADS_PLAN) {
      throw new CliError(error.message, { pointsToUsage: false });
    }
    throw error;
  }
}
