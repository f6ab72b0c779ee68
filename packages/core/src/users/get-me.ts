import { userRepository } from '@formwell/db';

import type { TCoreConfig } from '../config/load-config.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { toMeView, type TMeView } from './me-view.js';
import { loadUserView } from './user-view.js';

export type GetMeOptions = { userId: string; config: TCoreConfig };

/** The signed-in user's own account, with what each plan allows and the form types' labels. */
export async function getMe({ userId, config }: GetMeOptions): Promise<TMeView> {
  const record = await userRepository.findById({ userId });
  if (!record) {
    throw new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.USER_NOT_FOUND });
  }

  const user = await loadUserView(record);

  return toMeView(user, config.plans);
}
