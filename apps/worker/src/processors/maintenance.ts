import {
  queueDigests,
  purgeExpiredSubmissions,
  purgeSpamFolder,
  reconcileSubmissionCounters,
  sweepBillingEmails,
  sweepOrphanUploads,
  sweepOutbox,
} from '@formwell/core';
import type { TJobProducer } from '@formwell/jobs';

import type { JobProcessor } from './job-processor.js';

/** Job names of the maintenance queue, each run on a schedule by `scheduleMaintenance`. */
export const MaintenanceJob = {
  reconcileSubmissionCounters: 'reconcile-submission-counters',
  purgeExpiredSubmissions: 'purge-expired-submissions',
  sweepOutbox: 'sweep-outbox',
  sweepOrphanUploads: 'sweep-orphan-uploads',
  queueDigests: 'queue-digests',
} as const;

/**
 * How often each sweep runs. Counters: a crash mid-submit is repaired within about a minute.
 * Outbox: side effects and billing emails whose enqueue was lost are handed over again on the first
 * run after they are `outboxSweepAfterMs` old (by default 30 s + at most 15 s). Orphan
 * uploads: files a crash cut off are removed (with their storage claim) once past their grace.
 */
export const maintenanceSchedule: Record<string, number> = {
  [MaintenanceJob.reconcileSubmissionCounters]: 60_000,
  [MaintenanceJob.purgeExpiredSubmissions]: 60 * 60_000,
  [MaintenanceJob.sweepOutbox]: 15_000,
  [MaintenanceJob.sweepOrphanUploads]: 15 * 60_000,
  // Digests go out within a minute of their hour or day ending.
  [MaintenanceJob.queueDigests]: 60_000,
};

export type MaintenanceOptions = {
  /** Where the outbox sweep enqueues. */
  producer: TJobProducer;
  /** How old a never-attempted outbox entry must be before the sweep hands it over again. */
  outboxSweepAfterMs: number;
  /** The clock the digest run judges ended periods by. */
  now?: () => Date;
};

export function maintenanceProcessors({
  producer,
  outboxSweepAfterMs,
  now = () => new Date(),
}: MaintenanceOptions): Record<string, JobProcessor> {
  return {
    [MaintenanceJob.reconcileSubmissionCounters]: async () => ({
      reconciled: await reconcileSubmissionCounters(),
    }),
    // One line per form that lost submissions to its retention setting, so an owner's question
    // "where did my submissions go" is answered from the logs; ids and counts only.
    [MaintenanceJob.purgeExpiredSubmissions]: async (_job, logger) => {
      const deleted = await purgeExpiredSubmissions({
        onPurged: (purged) => logger.info(purged, 'retention purge: expired submissions deleted'),
      });
      // Spam the owner never released goes after its 30 days in the folder, on the same schedule.
      const spamDeleted = await purgeSpamFolder();
      logger.info({ deleted, spamDeleted }, 'retention purge done');

      return { deleted, spamDeleted };
    },
    // Every outbox (submissions' side effects, billing emails) on the one schedule, each swept
    // whatever becomes of the other: a submission entry that cannot be handed over (one the job
    // contract refuses, say) fails the run every time, and must not hold the billing emails back.
    [MaintenanceJob.sweepOutbox]: async () => {
      const [submissions, billing] = await Promise.allSettled([
        sweepOutbox({ producer, olderThanMs: outboxSweepAfterMs }),
        sweepBillingEmails({ producer, olderThanMs: outboxSweepAfterMs }),
      ]);
      if (submissions.status === 'rejected') {
        throw submissions.reason;
      }
      if (billing.status === 'rejected') {
        throw billing.reason;
      }

      return { enqueued: submissions.value, billingEmails: billing.value };
    },
    // Ids and counts only: what a crash left and what the sweep did with it.
    [MaintenanceJob.sweepOrphanUploads]: async (_job, logger) => {
      const swept = await sweepOrphanUploads();
      if (swept.removed > 0 || swept.attached > 0) {
        logger.info(swept, 'orphan uploads swept');
      }

      return swept;
    },
    // Members' hourly and daily digests of the periods that ended since the last run.
    [MaintenanceJob.queueDigests]: async () => ({ enqueued: await queueDigests({ producer, now: now() }) }),
  };
}
