import { z } from 'zod';

/** A file field's stored value (one object, or a list of them when the field takes several). */
const ZStoredFileSchema = z
  .object({
    fileId: z.string(),
    name: z.string(),
    size: z.number().int().min(0),
    contentType: z.string(),
    /** Lower-case hex, computed while the bytes streamed in. */
    sha256: z.string(),
  })
  .meta({ id: 'StoredFile' });

export type TStoredFile = z.infer<typeof ZStoredFileSchema>;

/** The stored values of a submission's file fields, by field name. */
export type TSubmissionFiles = Record<string, TStoredFile | TStoredFile[]>;

/** A stored file value, told apart from the other values a submission holds. */
export function isStoredFile(value: unknown): value is TStoredFile {
  return ZStoredFileSchema.safeParse(value).success;
}
