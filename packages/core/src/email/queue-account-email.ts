import { accountEmailRepository, type TAccountEmailRecord } from '@formwell/db';
import { accountEmailJob, type TJobProducer } from '@formwell/jobs';

import type { TEmailMessage } from './mailer.js';

/** Where account mail goes: the worker's queue (servers), or nowhere (a process without one). */
export type TAccountMail = { producer: TJobProducer | null };

/**
 * Stores an account email and hands it to the worker. The link it carries lives in MongoDB until
 * sent, never in the job. Redis being down is thrown: the person asking sees the failure and asks
 * again, rather than waiting for a link that never comes.
 */
export async function queueAccountEmail({
  mail,
  kind,
  ownerId,
  message,
  expiresAt,
}: {
  mail: TAccountMail;
  kind: TAccountEmailRecord['kind'];
  ownerId: string;
  message: TEmailMessage;
  expiresAt: Date;
}): Promise<void> {
  const email = await accountEmailRepository.create({
    kind,
    ownerId,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
    expiresAt,
  });
  await mail.producer?.enqueue(accountEmailJob, { emailId: email.id });
}
