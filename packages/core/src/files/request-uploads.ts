import type { Readable } from 'node:stream';

import { uploadedFileRepository } from '@formwell/db';

import { dropFilePart } from './drop-file-part.js';
import { attachUploadedFiles, commitUploadStorage } from './settle-upload.js';
import { UploadSession } from './upload-session.js';
import type { TUploadTarget } from './upload-target.js';
import type { TSubmissionFiles } from './z-stored-file.js';

/** What a multipart body's reader does with a file part, given the text fields read before it. */
export type TFilePartHandler = (part: {
  field: string;
  filename: string;
  stream: Readable;
  fieldsBefore: ReadonlyMap<string, string | string[]>;
}) => Promise<void>;

/** The files of one request, and the submit that uses them (see createRequestUploads). */
export type TRequestUploads = ReturnType<typeof createRequestUploads>;

/**
 * The files of one request: the upload target is resolved at the first file part (form, plan,
 * limits: all checked before a byte is stored), then each part streams to storage through the
 * session. `noFileFields` answers a form that has none (the caller's 415, as before uploads).
 */
export function createRequestUploads({
  resolveTarget,
  noFileFields,
}: {
  /**
   * Called at the first file part, with the text fields sent before it. `null` drops the files
   * unstored (a bot the honeypot caught, which is answered as if all went well).
   */
  resolveTarget: (fieldsBefore: ReadonlyMap<string, string | string[]>) => Promise<TUploadTarget | null>;
  noFileFields: () => Error;
}) {
  let session: UploadSession | null = null;
  let dropping = false;
  /** Whether a submit took charge of the files (to tie them to its submission or remove them). */
  let submitted = false;

  const onFile: TFilePartHandler = async (part) => {
    if (!session && !dropping) {
      const target = await resolveTarget(part.fieldsBefore);
      if (target?.fileFields.size === 0) {
        throw noFileFields();
      }
      session = target ? new UploadSession(target) : null;
      dropping = target === null;
    }
    if (!session) {
      await dropFilePart(part.stream);

      return;
    }
    await session.accept({ field: part.field, filename: part.filename, stream: part.stream });
  };

  /**
   * Runs the submit with the uploaded files' values. Their storage, claimed while they arrived,
   * counts as stored just before the submission is; the files are tied to it after, or, when
   * anything refused the request (or the honeypot caught it), removed with their claims.
   */
  async function submitWith<T extends { response: { submissionId: string } }>(
    submit: (files: TSubmissionFiles | undefined) => Promise<T>,
  ): Promise<T> {
    submitted = true;
    const current = session;
    if (!current) {
      return submit(undefined);
    }
    let committed: { undo: () => Promise<void> } | null = null;
    try {
      committed = await commitUploadStorage({
        workspaceId: current.target.workspaceId,
        bytes: current.totalBytes,
      });
      const result = await submit(current.values());
      // Caught spam may be stored (withheld, in the spam folder) and keeps its files; the honeypot's
      // answer names a submission that was never stored, and its files go.
      if (await uploadedFileRepository.submissionStored(result.response.submissionId)) {
        await attachUploadedFiles({ fileIds: current.fileIds, submissionId: result.response.submissionId });
      } else {
        await committed.undo();
        await current.discard();
      }

      return result;
    } catch (error) {
      await committed?.undo();
      await current.discard();
      throw error;
    }
  }

  /** Removes what was written when the body itself could not be read to its end. */
  async function discard(): Promise<void> {
    await session?.discard();
  }

  /**
   * Removes the files when the request ended before a submit took charge of them: a refusal that
   * came after the body was read (a bad parameter, the per-address limit) or a client gone early.
   */
  async function discardUnlessSubmitted(): Promise<void> {
    if (!submitted) {
      await discard();
    }
  }

  /** The ids of the files stored so far. */
  const fileIds = (): string[] => session?.fileIds ?? [];

  return { onFile, submitWith, discard, discardUnlessSubmitted, fileIds };
}
