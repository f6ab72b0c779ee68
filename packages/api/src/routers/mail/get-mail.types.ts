import { ZEmailViewSchema } from '@formwell/core';
import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

export const ZGetMailRequestSchema = z.object({ id: ZIdParamSchema });

export const ZGetMailResponseSchema = ZEmailViewSchema;
