import { purgeExpiredSubmissions, reconcileSubmissionCounters } from '@formwell/core';

import type { JobProcessor } from './registry.js';

/** Job names of the maintenance queue, each run on a schedule by `scheduleMaintenance`. */
export const MaintenanceJob = {
  reconcileSubmissionCounters: 'reconcile-submission-counters',
  purgeExpiredSubmissions: 'purge-expired-submissions',
} as const;

/** How often each sweep runs. Counters: a crash mid-submit is repaired within about a minute. */
export const maintenanceSchedule: Record<string, number> = {
  [MaintenanceJob.reconcileSubmissionCounters]: 60_000,
  [MaintenanceJob.purgeExpiredSubmissions]: 60 * 60_000,
};

export const maintenanceProcessors: Record<string, JobProcessor> = {
  [MaintenanceJob.reconcileSubmissionCounters]: async () => ({
    reconciled: await reconcileSubmissionCounters(),
  }),
  [MaintenanceJob.purgeExpiredSubmissions]: async () => ({ deleted: await purgeExpiredSubmissions() }),
};
