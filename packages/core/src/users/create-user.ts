import { isDuplicateKeyError, userRepository } from '@formwell/db';
import { z } from 'zod';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { parseInput } from '../errors/parse-input.js';
import { password as passwords } from './password.js';
import { createPersonalWorkspace } from '../workspaces/create-personal-workspace.js';
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

export type CreateUserOptions = {
  config: Pick<TCoreConfig, 'plans'>;
  input: TCreateUserInput;
  /**
   * Whether the address counts as verified. True unless said otherwise: the operator vouches for
   * what it types (`user create`, `demo seed`); only a self-service sign-up passes false and
   * proves the address by a link.
   */
  emailVerified?: boolean;
};

/**
 * Creates an account (operator CLI, sign-up) and its personal workspace, on `plan` with that plan's
 * monthly submissions as quota. Without a password the account cannot log in to the dashboard
 * until one is set.
 */
export async function createUser({
  config,
  input,
  emailVerified = true,
}: CreateUserOptions): Promise<TUserView> {
  const { email, password, name, plan, role } = parseInput(ZCreateUserInputSchema, input);
  const passwordHash = password === undefined ? null : await passwords.hash(password);
  try {
    const record = await userRepository.create({
      email,
      name: name ?? '',
      passwordHash,
      role,
      emailVerifiedAt: emailVerified ? new Date() : null,
    });
    const workspace = await createPersonalWorkspace({ config, user: record, plan });

    return toUserView(record, workspace);
  } catch (error) {
    if (isDuplicateKeyError(error)) {
      throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.EMAIL_TAKEN });
    }
    throw error;
  }
}
