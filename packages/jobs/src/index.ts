export { QUEUE_PREFIX, QueueName } from './queue-names.js';
export type { TQueueName } from './queue-names.js';
export { createProducerConnection, createWorkerConnection } from './redis-connection.js';
export type { TRedisClient } from './redis-connection.js';
export { ZRedisUrl } from './redis-url.js';
export { ZRedisEnvSchema } from './redis-env.js';
export { defaultJobOptions } from './job-defaults.js';
export {
  WORKER_HEARTBEAT_INTERVAL_MS,
  WORKER_HEARTBEAT_KEY,
  WORKER_HEARTBEAT_TTL_MS,
} from './worker-heartbeat.js';

// job contracts: one per job kind, shared by producers and consumers
export { defineJob } from './contracts/define-job.js';
export type { TJobContract } from './contracts/define-job.js';
export { parseJobData } from './contracts/parse-job-data.js';
export { ZRequestId } from './contracts/request-id.js';
export {
  webhookDeliveryJob,
  ZWebhookDeliveryJobSchema,
  WEBHOOK_BACKOFF_TYPE,
  WEBHOOK_DELIVERY_ATTEMPTS,
} from './contracts/webhook-delivery-job.js';
export type { TWebhookDeliveryJob } from './contracts/webhook-delivery-job.js';
export {
  submissionEmailJob,
  submissionEmailRetryJob,
  submissionEmailsJob,
  SUBMISSION_EMAIL_FIRST_RETRY_MS,
  SUBMISSION_EMAILS_PER_JOB,
  ZSubmissionEmailJobSchema,
  EMAIL_JOB_KINDS,
} from './contracts/email-job.js';
export type { TSubmissionEmailJob } from './contracts/email-job.js';
export { billingEmailJob } from './contracts/billing-email-job.js';
export { accountEmailJob } from './contracts/account-email-job.js';
export type { TAccountEmailJob } from './contracts/account-email-job.js';
export type { TBillingEmailJob } from './contracts/billing-email-job.js';
export { developerSummaryJob } from './contracts/developer-summary-job.js';
export type { TDeveloperSummaryJob } from './contracts/developer-summary-job.js';
export { digestJob, DIGEST_CADENCES } from './contracts/digest-job.js';
export type { TDigestJob } from './contracts/digest-job.js';
export { createJobProducer } from './job-producer.js';
export type { TJobProducer } from './job-producer.js';
