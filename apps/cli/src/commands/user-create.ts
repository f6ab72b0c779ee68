import { parseArgs } from 'node:util';

import { createUser, type TPlan, type TRole } from '@formwell/core';

import { requiredOption } from '../required-option.js';

/** `user create --email E [--password P] [--plan P] [--role R]` → `{id, email, plan}`. */
export async function userCreate({ args }: { args: string[] }) {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      plan: { type: 'string', default: 'FREE' },
      role: { type: 'string', default: 'OWNER' },
    },
    strict: true,
  });
  const user = await createUser({
    email: requiredOption(values, 'email'),
    password: values.password,
    name: values.name,
    plan: values.plan.toUpperCase() as TPlan,
    role: values.role.toUpperCase() as TRole,
  });

  return { id: user.id, email: user.email, plan: user.plan };
}
