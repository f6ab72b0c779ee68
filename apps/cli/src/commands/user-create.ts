import { parseArgs } from 'node:util';

import { createUser, type TPlan, type TRole } from '@formwell/core';

import { CliError } from '../cli-error.js';
import { readPasswordFromStdin } from '../read-password-stdin.js';
import { requiredOption } from '../required-option.js';
import type { TCommandOptions } from '../command-options.js';

/**
 * `user create --email E [--password P | --password-stdin] [--plan P] [--role R]` → `{id, email, plan}`.
 * `--password-stdin` keeps the password out of `ps` and the shell history.
 */
export async function userCreate({ args, config }: TCommandOptions) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'password-stdin': { type: 'boolean', default: false },
      name: { type: 'string' },
      plan: { type: 'string', default: 'FREE' },
      role: { type: 'string', default: 'OWNER' },
    },
    strict: true,
  });
  const email = requiredOption(values, 'email');
  if (values['password-stdin'] && values.password !== undefined) {
    throw new CliError('give either --password or --password-stdin, not both');
  }
  const password = values['password-stdin'] ? await readPasswordFromStdin() : values.password;
  // The operator vouches for the address: owner-bound mail goes to it without a verification link.
  const user = await createUser({
    config,
    emailVerified: true,
    input: {
      email,
      password,
      name: values.name,
      plan: values.plan.toUpperCase() as TPlan,
      role: values.role.toUpperCase() as TRole,
    },
  });

  return { id: user.id, email: user.email, plan: user.plan };
}
