import { uploadedFileRepository } from '@formwell/db';

import { attachUploadedFiles, removeUploadedFiles } from './settle-upload.js';

/**
 * How long an upload may stay unattached to a submission before the sweep takes it for orphaned.
 * Far above any request's life (10 files of 25 MB over a slow line take well under an hour), so
 * an upload still arriving is never swept; a crash keeps its claim on storage this long at most.
 */
export const ORPHAN_UPLOAD_GRACE_MS = 6 * 60 * 60_000;

const BATCH = 100;
/** A run's bound; the next run carries on with what is left. */
const MAX_BATCHES = 50;

/**
 * Files of uploads cut off by a crash mid-request: their record (written before the first byte)
 * was never tied to a submission. Removed with their bytes and their storage claim; one whose
 * submission was stored before the crash (it holds the file in its data) is tied to it instead.
 */
export async function sweepOrphanUploads({
  olderThanMs = ORPHAN_UPLOAD_GRACE_MS,
  now = new Date(),
}: { olderThanMs?: number; now?: Date } = {}): Promise<{ removed: number; attached: number }> {
  const before = new Date(now.getTime() - olderThanMs);
  let removed = 0;
  let attached = 0;
  for (let batch = 0; batch < MAX_BATCHES; batch += 1) {
    const files = await uploadedFileRepository.listUnattached({ before, limit: BATCH });
    const orphans = [];
    for (const file of files) {
      const submissionId = await uploadedFileRepository.findHoldingSubmission(file);
      if (submissionId) {
        await attachUploadedFiles({ fileIds: [file.id], submissionId });
        attached += 1;
      } else {
        orphans.push(file);
      }
    }
    await removeUploadedFiles({ files: orphans, counters: true });
    removed += orphans.length;
    if (files.length < BATCH) {
      break;
    }
  }

  return { removed, attached };
}
