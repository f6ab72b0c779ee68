import { accountOutboxRepository, emailLogRepository, userRepository } from '@formwell/db';
import type { TWelcomeEmailJob } from '@formwell/jobs';

import type { TCoreConfig } from '../config/load-config.js';
import { accountWelcomeEmail } from './account-welcome-email.js';
import type { TMailer } from './mailer.js';
import { sendLoggedEmail, type TEmailOutcome } from './send-logged-email.js';

export const WELCOME_EMAIL_KIND = 'account.welcome';

/**
 * Sends a new account its welcome email, once: the account's id is its key in the email log, and
 * the account's pending flag goes once the email is sent or given up for good.
 */
export async function sendWelcomeEmail({
  job,
  mailer,
  config,
  lastAttempt,
  now = new Date(),
}: {
  job: TWelcomeEmailJob;
  mailer: TMailer;
  config: Pick<TCoreConfig, 'publicUrl'>;
  lastAttempt: boolean;
  now?: Date;
}): Promise<TEmailOutcome> {
  const { userId } = job;
  const user = await userRepository.findById({ userId });
  if (!user?.welcomeEmailPending) {
    return { status: 'skipped', reason: user ? 'already sent' : 'account deleted' };
  }
  const done = () => accountOutboxRepository.markWelcomeDone({ userId });
  if (await emailLogRepository.findByEntry({ entryId: userId })) {
    await done();

    return { status: 'skipped', reason: 'already sent' };
  }
  const outcome = await sendLoggedEmail({
    log: { userId, formId: null, submissionId: null, entryId: userId, kind: WELCOME_EMAIL_KIND },
    message: accountWelcomeEmail({ to: user.email, name: user.name, publicUrl: config.publicUrl }),
    mailer,
    lastAttempt,
    now,
  });
  if (outcome.status !== 'failed' || !outcome.retry) {
    await done();
  }

  return outcome;
}
