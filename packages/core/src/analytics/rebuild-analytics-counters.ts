import { listFormOwners, rebuildFormStats } from '@formwell/db';

import { formNotFound } from '../forms/load-owned-form.js';

export type TRebuiltForm = { formId: string; submissions: number };

/**
 * Recomputes the analytics counters of one form, or of every form, from the stored submissions
 * (after an import, a restore, or a change of the bucketing). Idempotent and safe while submissions
 * arrive: see rebuildFormStats. Forms are done one after the other to keep the load low.
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
    rebuilt.push({ formId: form.formId, submissions: (await rebuildFormStats(form)) ?? 0 });
  }

  return { rebuilt };
}
