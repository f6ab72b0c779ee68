import { billingEmailRepository } from '@formwell/db';
import { billingEmailJob, type TJobProducer } from '@formwell/jobs';

const SWEEP_BATCH = 500;

/**
 * The worker's sweep: hands over billing emails still pending after `olderThanMs`; answers how many.
 * Pending that long, an email's hand-over was lost, or its job ended without sending it (ran
 * before the email could be read, or failed for good on errors that never reached the mail
 * server): either way its job must run again, not stay ended under its id. A job still waiting or
 * retrying is left to finish.
 */
export async function sweepBillingEmails({
  producer,
  olderThanMs,
  now = new Date(),
}: {
  producer: TJobProducer;
  olderThanMs: number;
  now?: Date;
}): Promise<number> {
  const emailIds = await billingEmailRepository.findPendingIds({
    createdBefore: new Date(now.getTime() - olderThanMs),
    limit: SWEEP_BATCH,
  });
  await Promise.all(emailIds.map((emailId) => producer.requeue(billingEmailJob, { emailId })));

  return emailIds.length;
}
