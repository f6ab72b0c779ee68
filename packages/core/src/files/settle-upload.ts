import { storageUsageRepository, uploadedFileRepository, type TUploadedFileRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { storageOf } from './process-file-storage.js';
import type { TUploadTarget } from './upload-target.js';

/**
 * Counts an upload's bytes against the tenant's storage limit, in one conditional update (403
 * `Storage limit reached (…) for your plan`). Done after the last byte and before the submission
 * is stored; `release` gives them back if the submission is then refused.
 */
export async function reserveUploadStorage({
  target,
  bytes,
}: {
  target: TUploadTarget;
  bytes: number;
}): Promise<{ release: () => Promise<void> }> {
  const taken = await storageUsageRepository.tryAdd({
    workspaceId: target.workspaceId,
    bytes,
    limit: target.storageLimitBytes,
  });
  if (!taken.ok) {
    throw storageLimitError(taken.used, target.storageLimitBytes);
  }

  return { release: () => storageUsageRepository.subtract({ workspaceId: target.workspaceId, bytes }) };
}

export function storageLimitError(usedBytes: number, limitBytes: number): AppError {
  return new AppError(AppErrorCode.FORBIDDEN, { message: ErrorMessages.storageLimit(usedBytes, limitBytes) });
}

/** Ties the stored files to their submission once it is stored. */
export async function attachUploadedFiles({
  fileIds,
  submissionId,
}: {
  fileIds: string[];
  submissionId: string;
}): Promise<void> {
  await uploadedFileRepository.attach({ fileIds, submissionId });
}

/**
 * Removes files and their records: the bytes first, so a record never outlives bytes it could
 * still point a clean-up at. `counted` says whether the files were counted in the tenant's storage
 * (attached to a submission), which is then lowered by their sizes.
 */
export async function removeUploadedFiles({
  files,
  counted,
}: {
  files: TUploadedFileRecord[];
  counted: boolean;
}): Promise<void> {
  for (const kind of ['gridfs', 's3'] as const) {
    const ids = files.filter((file) => file.storage === kind).map((file) => file.id);
    if (ids.length > 0) {
      await storageOf({ storage: kind }).remove(ids);
    }
  }
  await uploadedFileRepository.removeMany(files.map((file) => file.id));
  if (counted) {
    const byTenant = new Map<string, number>();
    for (const file of files) {
      byTenant.set(file.workspaceId, (byTenant.get(file.workspaceId) ?? 0) + file.size);
    }
    for (const [workspaceId, bytes] of byTenant) {
      await storageUsageRepository.subtract({ workspaceId, bytes });
    }
  }
}

/** Removes the files of deleted submissions (deletion, retention, submitter erasure). */
export async function removeSubmissionFiles(submissionIds: string[]): Promise<void> {
  const files = await uploadedFileRepository.listOfSubmissions(submissionIds);
  await removeUploadedFiles({ files: files.filter((file) => file.submissionId !== null), counted: true });
}

/**
 * Removes every file of a deleted form, with its count: links already sent in emails, webhooks and
 * chat messages stop working with it. Files of an upload still under way are not counted yet.
 */
export async function removeFormFiles({ workspaceId, formId }: { workspaceId: string; formId: string }) {
  const files = await uploadedFileRepository.listOfForm({ workspaceId, formId });
  await Promise.all([
    removeUploadedFiles({ files: files.filter((file) => file.submissionId !== null), counted: true }),
    removeUploadedFiles({ files: files.filter((file) => file.submissionId === null), counted: false }),
  ]);
}

/** Removes every file of a tenant (account deletion); its storage counter goes with the account. */
export async function removeWorkspaceFiles(workspaceId: string): Promise<void> {
  await removeUploadedFiles({
    files: await uploadedFileRepository.listOfWorkspace(workspaceId),
    counted: false,
  });
}
