import { billingEmailRepository } from '@formwell/db';
import { billingEmailJob, type TJobProducer } from '@formwell/jobs';

/**
 * Hands an event's pending emails to the worker. A Redis outage loses nothing: the emails stay
 * pending in the outbox and the worker's sweep hands them over later, so it is logged, not thrown.
 */
export async function enqueueBillingEmails({
  producer,
  eventId,
  logger,
}: {
  producer: TJobProducer;
  eventId: string;
  logger: { warn(details: object, message: string): void };
}): Promise<void> {
  try {
    const emailIds = await billingEmailRepository.idsOfEvent({ eventId });
    await Promise.all(emailIds.map((emailId) => producer.enqueue(billingEmailJob, { emailId })));
  } catch (error) {
    logger.warn({ eventId, err: error }, 'billing emails not handed to the worker; the sweep will');
  }
}
