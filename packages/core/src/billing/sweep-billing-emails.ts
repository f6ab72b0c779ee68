import { billingEmailRepository } from '@formwell/db';
import { billingEmailJob, type TJobProducer } from '@formwell/jobs';

const SWEEP_BATCH = 500;

/** The worker's sweep: hands over billing emails still pending after `olderThanMs`; answers how many. */
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
  await Promise.all(emailIds.map((emailId) => producer.enqueue(billingEmailJob, { emailId })));

  return emailIds.length;
}
