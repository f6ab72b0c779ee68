import { z } from 'zod';

import { ZFormDetailSchema } from '../../schemas/z-form.js';

export const ZGetFormRequestSchema = z.object({ id: z.string().max(64) });

export const ZGetFormResponseSchema = ZFormDetailSchema;
