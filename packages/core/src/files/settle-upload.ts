import { storageUsageRepository, uploadedFileRepository, type TUploadedFileRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { storageOf } from './process-file-storage.js';
import type { TUploadTarget } from './upload-target.js';

/** Storage is claimed in steps this large while a file arrives (one counter update each). */
const CLAIM_STEP_BYTES = 1024 * 1024;

/**
 * Claims storage for a file's next bytes before they are stored: `needed` bytes at least, a step
 * more when the plan's limit leaves room, in one conditional update of the tenant's counter (403
 * `Storage limit reached (…) for your plan` when even `needed` does not fit). The file's record
 * notes the claim after the counter took it, so whoever removes the record gives it back; a crash
 * between the two can only keep up to one step claimed, never let the limit be passed.
 */
export async function claimUploadStorage({
  target,
  file,
  needed,
}: {
  target: TUploadTarget;
  file: TUploadedFileRecord;
  needed: number;
}): Promise<void> {
  const { workspaceId, storageLimitBytes: limit } = target;
  for (const bytes of [Math.max(needed, CLAIM_STEP_BYTES), needed]) {
    const taken = await storageUsageRepository.claim({ workspaceId, bytes, limit });
    if (taken.ok) {
      file.claimedBytes += bytes;
      await uploadedFileRepository.addClaim({ id: file.id, bytes });

      return;
    }
    if (bytes === needed) {
      throw storageLimitError(taken.used, limit);
    }
  }
}

/** Gives back what a complete file claimed beyond its size (the last step's unused part). */
export async function trimUploadClaim(file: TUploadedFileRecord): Promise<void> {
  await storageUsageRepository.release({
    workspaceId: file.workspaceId,
    claimed: file.claimedBytes - file.size,
  });
  file.claimedBytes = file.size;
}

/**
 * Counts an upload's claimed bytes as stored, just before its submission is stored; `undo` is for
 * a submission then refused (its files are removed after, giving back their claims).
 */
export async function commitUploadStorage({
  workspaceId,
  bytes,
}: {
  workspaceId: string;
  bytes: number;
}): Promise<{ undo: () => Promise<void> }> {
  await storageUsageRepository.commit({ workspaceId, bytes });

  return { undo: () => storageUsageRepository.release({ workspaceId, stored: bytes }) };
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
 * still point a clean-up at. With `counters`, each record removed here (not by a clean-up that
 * ran at the same time) gives back its claim, and its size from the stored bytes when it was part
 * of a submission. Without, the tenant's counter is going with its account.
 */
export async function removeUploadedFiles({
  files,
  counters,
}: {
  files: TUploadedFileRecord[];
  counters: boolean;
}): Promise<void> {
  for (const kind of ['gridfs', 's3'] as const) {
    const ids = files.filter((file) => file.storage === kind).map((file) => file.id);
    if (ids.length > 0) {
      await storageOf({ storage: kind }).remove(ids);
    }
  }
  for (const file of files) {
    const removed = await uploadedFileRepository.remove(file.id);
    if (removed && counters) {
      await storageUsageRepository.release({
        workspaceId: removed.workspaceId,
        stored: removed.submissionId === null ? 0 : removed.size,
        claimed: removed.claimedBytes,
      });
    }
  }
}

/** Removes the files of deleted submissions (deletion, retention, submitter erasure). */
export async function removeSubmissionFiles(submissionIds: string[]): Promise<void> {
  await removeUploadedFiles({
    files: await uploadedFileRepository.listOfSubmissions(submissionIds),
    counters: true,
  });
}

/**
 * Removes every file of a deleted form, with its count: links already sent in emails, webhooks and
 * chat messages stop working with it. An upload still under way loses its files (and its claim).
 */
export async function removeFormFiles({ workspaceId, formId }: { workspaceId: string; formId: string }) {
  await removeUploadedFiles({
    files: await uploadedFileRepository.listOfForm({ workspaceId, formId }),
    counters: true,
  });
}

/** Removes every file of a tenant (account deletion); its storage counter goes with the account. */
export async function removeWorkspaceFiles(workspaceId: string): Promise<void> {
  await removeUploadedFiles({
    files: await uploadedFileRepository.listOfWorkspace(workspaceId),
    counters: false,
  });
}
