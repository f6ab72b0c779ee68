import { ZSubmissionViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZGetSubmissionRequestSchema = z.object({ formId: ZIdParamSchema, id: ZIdParamSchema });

export const ZGetSubmissionResponseSchema = ZSubmissionViewSchema;
