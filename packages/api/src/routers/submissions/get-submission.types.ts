import { z } from 'zod';

import { ZSubmissionSchema } from '../../schemas/z-submission.js';
import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZGetSubmissionRequestSchema = z.object({ formId: ZIdParamSchema, id: ZIdParamSchema });

export const ZGetSubmissionResponseSchema = ZSubmissionSchema;
