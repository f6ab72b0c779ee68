import { userRepository } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadUserView, type TUserView } from './user-view.js';

export type GetMeOptions = { userId: string };

/** The signed-in user's own account. */
export async function getMe({ userId }: GetMeOptions): Promise<TUserView> {
  const record = await userRepository.findById({ userId });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }

  return loadUserView(record);
}
