import { ZCreateFormInputSchema, ZFormDetailSchema } from '@formwell/core';

/** Core's own input schema: one definition of what a form may contain. */
export const ZCreateFormRequestSchema = ZCreateFormInputSchema;

export const ZCreateFormResponseSchema = ZFormDetailSchema;
