import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZDeleteSubmissionRequestSchema = z.object({ formId: ZIdParamSchema, id: ZIdParamSchema });

export const ZDeleteSubmissionResponseSchema = z.object({ id: z.string(), deleted: z.literal(true) });
