import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { uploadedFileRepository, type TUploadedFileRecord } from '@formwell/db';

import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { FileInspector } from './inspect-file.js';
import { isAccepted } from './file-type-rules.js';
import { safeFileName } from './safe-file-name.js';
import { claimUploadStorage, removeUploadedFiles, trimUploadClaim } from './settle-upload.js';
import type { TUploadTarget } from './upload-target.js';
import type { TStoredFile, TSubmissionFiles } from './z-stored-file.js';

/**
 * A file broke its field's rule: the body says which field (`fieldErrors`), as a refused submission
 * does, so a form shows the reason beside the file input that caused it.
 */
function fileRefusal(field: string, message: string): AppError {
  return new AppError(AppErrorCode.BAD_REQUEST, {
    message,
    details: { fieldErrors: { [field.slice(0, 64)]: message } },
  });
}

/**
 * The files of one multipart request, stored one after the other as their parts arrive. Every
 * rule is checked before or while a file streams (field, count, type, size, storage), and the
 * first one broken ends the request: the caller then `discard`s what was written.
 */
export class UploadSession {
  readonly #files: { record: TUploadedFileRecord; value: TStoredFile }[] = [];
  readonly #written: TUploadedFileRecord[] = [];
  #bytes = 0;

  constructor(readonly target: TUploadTarget) {}

  /** Streams one file part to storage; rejects (and removes its bytes) when it breaks a rule. */
  async accept({
    field,
    filename,
    stream,
  }: {
    field: string;
    filename: string;
    stream: Readable;
  }): Promise<void> {
    const rules = this.target.fileFields.get(field);
    if (!rules) {
      throw fileRefusal(field, `Field "${field.slice(0, 64)}" is not a file field`);
    }
    const sent = this.#files.filter((file) => file.record.field === field).length;
    if (sent >= rules.multiple) {
      throw fileRefusal(
        field,
        `Field "${field}" takes at most ${String(rules.multiple)} file${rules.multiple === 1 ? '' : 's'}`,
      );
    }
    const name = safeFileName(filename);
    const record: TUploadedFileRecord = {
      id: uploadedFileRepository.newId(),
      workspaceId: this.target.workspaceId,
      formId: this.target.formId,
      submissionId: null,
      field,
      name,
      size: 0,
      contentType: 'application/octet-stream',
      sha256: '',
      claimedBytes: 0,
      storage: this.target.storage.kind,
      createdAt: new Date(),
      updatedAt: new Date(),
    };
    const inspector = new FileInspector({
      name,
      onBytes: (total) => {
        if (total > rules.maxBytes) {
          // The 413 text names the limit that was crossed: this field's, not the 100 KB of a body.
          throw new AppError(AppErrorCode.PAYLOAD_TOO_LARGE, {
            message: 'File too large',
            details: {
              bodyLimitBytes: rules.maxBytes,
              fieldErrors: { [field]: ErrorMessages.fileTooLarge(rules.maxBytes) },
            },
          });
        }
        // Bytes pass on to the store only once storage is claimed for them, so uploads running
        // in parallel can never together store more than the plan's limit.
        return total > record.claimedBytes
          ? claimUploadStorage({ target: this.target, file: record, needed: total - record.claimedBytes })
          : undefined;
      },
      check: (kind, size) => {
        if (size === 0) {
          throw fileRefusal(field, `File "${name}" for "${field}" is empty`);
        }
        if (!isAccepted(rules.accept, kind)) {
          throw fileRefusal(field, `File type ${kind.contentType} is not accepted for "${field}"`);
        }
      },
    });
    // The record first: a crash mid-stream leaves a record a clean-up finds, never unowned bytes.
    await uploadedFileRepository.begin(record);
    this.#written.push(record);
    const stored = this.target.storage.write({ fileId: record.id, name, source: inspector });
    // Both ends settle before the answer: the store's failure ends the source, the source's (a
    // rule broken, the client gone) makes the store remove what it wrote. A broken rule is what
    // the client is told, rather than the stream error it caused on the other end.
    const outcomes = await Promise.allSettled([pipeline(stream, inspector), stored]);
    const failures = outcomes.flatMap((outcome) =>
      outcome.status === 'rejected' ? [outcome.reason as unknown] : [],
    );
    if (failures.length > 0) {
      throw failures.find((failure) => AppError.is(failure)) ?? failures[0];
    }
    const { size, sha256, kind } = inspector.result();
    Object.assign(record, { size, sha256, contentType: kind.contentType });
    await uploadedFileRepository.finish(record);
    await trimUploadClaim(record);
    this.#bytes += size;
    this.#files.push({
      record,
      value: { fileId: record.id, name, size, contentType: kind.contentType, sha256 },
    });
  }

  get totalBytes(): number {
    return this.#bytes;
  }

  get fileIds(): string[] {
    return this.#files.map((file) => file.record.id);
  }

  /** The file fields' values: one object for a field that takes one file, else a list. */
  values(): TSubmissionFiles {
    const values: TSubmissionFiles = {};
    for (const [field, rules] of this.target.fileFields) {
      const files = this.#files.filter((file) => file.record.field === field).map((file) => file.value);
      if (files.length > 0) {
        values[field] = rules.multiple === 1 ? (files[0] as TStoredFile) : files;
      }
    }

    return values;
  }

  /** Removes every file this request wrote, with its claim (a refused or aborted request keeps nothing). */
  async discard(): Promise<void> {
    await removeUploadedFiles({ files: this.#written, counters: true });
  }
}
