import { migrateAnalyticsToDays, migratePersonalWorkspaces, migrateSpamCountsToForms } from '@formwell/db';

import { rebuildAnalyticsCounters } from '../analytics/rebuild-analytics-counters.js';
import { DEFAULT_PLAN_LIMITS } from '../config/plans.js';
import { personalWorkspaceName } from '../workspaces/create-personal-workspace.js';

export type TMigration = {
  /** Applied in ascending order; a released version is never renumbered or reused. */
  version: number;
  name: string;
  /** Must be safe to run again: a run that dies after `up` and before recording it repeats it. */
  up: () => Promise<void>;
};

/**
 * The data migrations of this release. The highest version is the schema version this release
 * understands: a server refuses a database that records a higher one.
 */
export const MIGRATIONS: readonly TMigration[] = [
  {
    // The analytics counters moved from string-keyed quarter hours (and hour buckets on the form
    // totals) to day documents; recomputing every form's counters from its submissions writes the
    // new layout. On a new database there is nothing to recompute.
    version: 1,
    name: 'analytics-counters-day-documents',
    up: async () => {
      await rebuildAnalyticsCounters();
    },
  },
  {
    // Workspaces became the tenant: every account gets its personal workspace (the account's own
    // id, so every stored tenant id and every issued key keeps naming the same data), holding the
    // plan, quota and billing customer that were on the account.
    version: 2,
    name: 'personal-workspaces',
    up: async () => {
      await migratePersonalWorkspaces({
        name: personalWorkspaceName,
        defaultQuota: DEFAULT_PLAN_LIMITS.FREE.monthlySubmissions,
      });
    },
  },
  {
    // A submit's storage cost: the analytics' quarter hours moved from a month document per form to
    // a day document per form, and the counters stopped remembering submission ids (a submit counts
    // everything in its insert's own command; a later counting takes the submission's mark).
    version: 3,
    name: 'analytics-day-documents-count-by-mark',
    up: async () => {
      await migrateAnalyticsToDays();
    },
  },
  {
    // Reading a form's spam count became reading the form: the caught-spam count moved from the
    // analytics totals to the form, and the form counts its spam folder.
    version: 4,
    name: 'form-spam-counts',
    up: async () => {
      await migrateSpamCountsToForms();
    },
  },
];
