import { listFormOwners, rebuildFormStats, recountForm, type TFormOwnCounts } from '@formwell/db';

import { formNotFound } from '../forms/load-owned-form.js';

/** `submissions`: what the analytics now count; the rest: the form's own counts, recounted. */
export type TRebuiltForm = { formId: string; submissions: number } & TFormOwnCounts;

/**
 * Recomputes the analytics counters of one form, or of every form, from the stored submissions
 * (after an import, a restore, or a change of the bucketing), and the form's own `submissionCount`
 * and `spamFolderCount` with them (a crash between a write and its count leaves one of those off,
 * and nothing else repairs it). Idempotent and safe while submissions arrive: see
 * rebuildFormStats and recountForm. Forms are done one after the other to keep the load low.
 */
export async function rebuildAnalyticsCounters({ formId }: { formId?: string } = {}): Promise<{
  rebuilt: TRebuiltForm[];
}> {
  const forms = await listFormOwners({ formId });
  if (formId !== undefined && forms.length === 0) {
    throw formNotFound();
  }
  const rebuilt: TRebuiltForm[] = [];
  for (const form of forms) {
    const submissions = (await rebuildFormStats(form)) ?? 0;
    // A form deleted meanwhile has no counts left to repair.
    const counts = (await recountForm(form)) ?? { submissionCount: 0, spamFolderCount: 0 };
    rebuilt.push({ formId: form.formId, submissions, ...counts });
  }

  return { rebuilt };
}
