import {
  formRepository,
  formStatsRepository,
  submissionRepository,
  webhookEndpointRepository,
  notificationPreferenceRepository,
  notificationRecipientRepository,
  workspaceRepository,
} from '@formwell/db';

import { removeFormFiles } from '../files/settle-upload.js';
import { bumpAuthEpochOrReport, type TOnBumpFailed } from '../api-keys/auth-epoch.js';
import { formNotFound } from './load-owned-form.js';

export type DeleteFormOptions = {
  userId: string;
  formId: string;
  /** See bumpAuthEpochOrReport: the dashboard logs; the CLI leaves it out and exits 1. */
  onBumpFailed?: TOnBumpFailed;
};

/**
 * Deletes the form, then its submissions, counters and webhook endpoints. No transaction (standalone
 * engine): the form goes first, so a crash half-way leaves only unreachable children. The owner's
 * auth epoch is bumped right after, so no replica submits to its copy of the form again.
 */
export async function deleteForm({
  userId,
  formId,
  onBumpFailed,
}: DeleteFormOptions): Promise<{ id: string; deleted: true }> {
  if (!(await formRepository.delete({ userId, formId }))) {
    throw formNotFound();
  }
  try {
    await bumpAuthEpochOrReport(userId, onBumpFailed);
  } finally {
    // A Redis that cannot be told must not leave the form's slot taken and its children behind.
    await Promise.all([
      workspaceRepository.releaseSlot({ workspaceId: userId, counter: 'formCount' }),
      submissionRepository.deleteByForm({ userId, formId }),
      formStatsRepository.deleteByForm({ userId, formId }),
      webhookEndpointRepository.deleteByForm({ userId, formId }),
      notificationPreferenceRepository.removeForForm({ workspaceId: userId, formId }),
      notificationRecipientRepository.removeForForm({ workspaceId: userId, formId }),
      removeFormFiles({ workspaceId: userId, formId }),
    ]);
  }

  return { id: formId, deleted: true };
}
