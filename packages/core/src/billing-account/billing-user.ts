import { userRepository, type TUserRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/** The signed-in user's own record (the id comes from the session, never from input). */
export async function loadBillingUser(userId: string): Promise<TUserRecord> {
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }

  return user;
}
