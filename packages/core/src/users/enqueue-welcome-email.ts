import { welcomeEmailJob, type TJobProducer } from '@formwell/jobs';

/** Hands a new account's welcome email to the queue (a no-op when it is already there). */
export async function enqueueWelcomeEmail({
  producer,
  userId,
}: {
  producer: TJobProducer;
  userId: string;
}): Promise<void> {
  await producer.enqueue(welcomeEmailJob, { userId });
}
