import { ZCreateFormInputSchema } from '@formwell/core';

import { ZFormDetailSchema } from '../../schemas/z-form.js';

/** Core's own input schema: one definition of what a form may contain. */
export const ZCreateFormRequestSchema = ZCreateFormInputSchema;

export const ZCreateFormResponseSchema = ZFormDetailSchema;
