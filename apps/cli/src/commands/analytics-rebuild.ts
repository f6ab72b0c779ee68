import { parseArgs } from 'node:util';

import { rebuildAnalyticsCounters } from '@formwell/core';

import type { TCommandOptions } from '../command-options.js';

/**
 * `analytics rebuild [--form ID]` → `{rebuilt: [{formId, submissions, submissionCount,
 * spamFolderCount}]}`: recomputes the analytics counters and the form's own counts from the stored
 * submissions. Safe to run while the server takes submissions, and to run again.
 */
export async function analyticsRebuild({ args }: TCommandOptions) {
  const { values } = parseArgs({ args, options: { form: { type: 'string' } }, strict: true });

  return rebuildAnalyticsCounters({ formId: values.form });
}
