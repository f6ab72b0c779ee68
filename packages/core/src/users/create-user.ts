import { isDuplicateKeyError, userRepository } from '@formwell/db';
import { z } from 'zod';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { password as passwords } from './password.js';
import { toUserView, type TUserView } from './user-view.js';
import { ZEmailSchema, ZPasswordSchema, ZPlanSchema, ZRoleSchema } from './z-user-input.js';

export const ZCreateUserInputSchema = z.object({
  email: ZEmailSchema,
  password: ZPasswordSchema.optional(),
  name: z.string().trim().max(200).optional(),
  plan: ZPlanSchema.default('FREE'),
  role: ZRoleSchema.default('OWNER'),
});

export type TCreateUserInput = z.input<typeof ZCreateUserInputSchema>;

export type CreateUserOptions = { config: TCoreConfig; input: TCreateUserInput };

/**
 * Creates an account (operator CLI, sign-up). The quota is the plan's monthly submissions.
 * Without a password the account cannot log in to the dashboard until one is set.
 */
export async function createUser({ config, input }: CreateUserOptions): Promise<TUserView> {
  const { email, password, name, plan, role } = parseInput(ZCreateUserInputSchema, input);
  const passwordHash = password === undefined ? null : await passwords.hash(password);
  try {
    const record = await userRepository.create({
      email,
      name: name ?? '',
      passwordHash,
      plan,
      role,
      quotaLimit: config.plans[plan].monthlySubmissions,
    });

    return toUserView(record);
  } catch (error) {
    if (isDuplicateKeyError(error)) {
      throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.EMAIL_TAKEN });
    }
    throw error;
  }
}
