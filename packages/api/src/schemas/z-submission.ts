import { z } from 'zod';

/** A stored submission as listed (decisions §7). */
export const ZSubmissionSchema = z
  .object({
    id: z.string(),
    formId: z.string(),
    email: z.string().nullable(),
    data: z.record(z.string(), z.unknown()),
    meta: z.object({ browser: z.string(), os: z.string(), device: z.string(), country: z.string() }),
    createdAt: z.string(),
  })
  .meta({ id: 'Submission' });
