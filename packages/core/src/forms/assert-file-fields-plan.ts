import type { TPlanLimits } from '../config/plans.js';
import { fileUploadsPlanError, planAllowsFiles } from '../files/upload-target.js';

type TNamedField = { name: string; type: string };

/**
 * Adding a file field needs a plan with uploads (403 `File uploads are only available with the
 * STANDARD or PRO plan`). A file field the form already has may stay (an edit that sends every
 * field back after a downgrade is not refused); the upload itself checks the plan again.
 */
export function assertFileFieldsPlan({
  limits,
  fields,
  current = [],
}: {
  limits: Pick<TPlanLimits, 'maxFileSizeMb'>;
  fields: readonly TNamedField[] | undefined;
  current?: readonly TNamedField[];
}): void {
  if (planAllowsFiles(limits) || !fields) {
    return;
  }
  const kept = new Set(current.filter((field) => field.type === 'file').map((field) => field.name));
  if (fields.some((field) => field.type === 'file' && !kept.has(field.name))) {
    throw fileUploadsPlanError();
  }
}
