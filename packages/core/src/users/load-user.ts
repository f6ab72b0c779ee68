import { userRepository, type TUserRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';

/** A user by id, or 404 `User not found` (callers pass the id of the authenticated user only). */
export async function loadUser(userId: string): Promise<TUserRecord> {
  const user = await userRepository.findById({ userId });
  if (!user) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }

  return user;
}
