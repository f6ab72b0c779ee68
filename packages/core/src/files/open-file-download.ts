import { FileMissingError, uploadedFileRepository, type TUploadedFileRecord } from '@formwell/db';
import { Readable } from 'node:stream';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { loadOwnedForm } from '../forms/load-owned-form.js';
import { isValidFileLink } from './file-links.js';
import { storageOf } from './process-file-storage.js';

export type TFileDownload = { file: TUploadedFileRecord; stream: Readable };

function fileNotFound(): AppError {
  return new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.FILE_NOT_FOUND });
}

async function open(file: TUploadedFileRecord | null, head: boolean): Promise<TFileDownload> {
  if (!file || file.submissionId === null) {
    throw fileNotFound();
  }
  if (head) {
    return { file, stream: Readable.from([]) };
  }
  try {
    return { file, stream: await storageOf(file).read(file.id) };
  } catch (error) {
    if (error instanceof FileMissingError) {
      throw fileNotFound();
    }
    throw error;
  }
}

/**
 * A file of one of the tenant's submissions, for the REST route and the dashboard: the form as
 * the submissions listing checks it (404, or 403 for another's), then 404 `File not found` for
 * any file that is not of that submission of that form.
 */
export async function openSubmissionFile({
  workspaceId,
  formId,
  submissionId,
  fileId,
  head = false,
}: {
  workspaceId: string;
  formId: string;
  submissionId: string;
  fileId: string;
  head?: boolean;
}): Promise<TFileDownload> {
  await loadOwnedForm({ userId: workspaceId, formId, foreign: 'forbidden' });
  const file = await uploadedFileRepository.findOfSubmission({ workspaceId, formId, submissionId, fileId });

  return open(file, head);
}

/** A file behind a signed link: 404 `File not found` for a wrong, expired or stale link alike. */
export async function openLinkedFile({
  fileId,
  expires,
  signature,
  head = false,
}: {
  fileId: string;
  expires: unknown;
  signature: unknown;
  head?: boolean;
}): Promise<TFileDownload> {
  if (!(await isValidFileLink({ fileId, expires, signature }))) {
    throw fileNotFound();
  }

  return open(await uploadedFileRepository.findById(fileId), head);
}
