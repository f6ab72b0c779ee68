import { z } from 'zod';

import { QueueName } from '../queue-names.js';
import { defineJob } from './define-job.js';
import { ZObjectIdString } from './object-id.js';
import { ZRequestId } from './request-id.js';

export const EMAIL_JOB_KINDS = ['email.confirmation', 'email.developer'] as const;

/** Send one submission email (the submitter's confirmation or the owner's notification). */
export const ZSubmissionEmailJobSchema = z.strictObject({
  kind: z.enum(EMAIL_JOB_KINDS),
  userId: ZObjectIdString,
  formId: ZObjectIdString,
  submissionId: ZObjectIdString,
  entryId: ZObjectIdString,
  requestId: ZRequestId.optional(),
});

export type TSubmissionEmailJob = z.infer<typeof ZSubmissionEmailJobSchema>;

/** Tries of one submission email, and the wait before the first retry (doubled at each next). */
const EMAIL_ATTEMPTS = 6;
export const SUBMISSION_EMAIL_FIRST_RETRY_MS = 10_000;

export const submissionEmailJob = defineJob({
  queue: QueueName.email,
  name: 'send-submission-email',
  schema: ZSubmissionEmailJobSchema,
  jobId: (data) => `email-${data.entryId}`,
  options: {
    attempts: EMAIL_ATTEMPTS,
    backoff: { type: 'exponential', delay: SUBMISSION_EMAIL_FIRST_RETRY_MS },
  },
});

/**
 * The same email's job once its first try was made inside a `submissionEmailsJob`: enqueued that
 * first retry's wait later, with the tries left and the rest of the same doubling schedule, so
 * the email is tried as often and as late as one that had its own job from the start.
 */
export const submissionEmailRetryJob = defineJob({
  ...submissionEmailJob,
  options: {
    attempts: EMAIL_ATTEMPTS - 1,
    backoff: { type: 'exponential', delay: SUBMISSION_EMAIL_FIRST_RETRY_MS * 2 },
  },
});

/** The most emails one `submissionEmailsJob` carries. */
export const SUBMISSION_EMAILS_PER_JOB = 20;

/**
 * The first try of several submissions' emails in one job: what the server handed off within one
 * short window. Each job costs Redis about four times as much to fetch and finish as to add, so
 * one job for a window's emails instead of one per email. Its processor claims each entry before
 * sending it (a sweep may have given the same entry a job of its own) and hands a failed one to
 * its own `submissionEmailRetryJob`.
 */
export const submissionEmailsJob = defineJob({
  queue: QueueName.email,
  name: 'send-submission-emails',
  schema: z.strictObject({
    items: z.array(ZSubmissionEmailJobSchema).min(1).max(SUBMISSION_EMAILS_PER_JOB),
  }),
  // An entry is handed off once, so the first one names the window's job.
  jobId: (data) => `emails-${data.items[0]?.entryId ?? ''}`,
  options: {},
});
