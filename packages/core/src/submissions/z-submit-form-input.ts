import { z } from 'zod';

/** Body of POST /api/v1/forms/submit (decisions §8); `data` is checked against the form's fields later. */
export const ZSubmitFormInputSchema = z.object({
  formId: z.string().min(1).max(100),
  data: z.record(z.string(), z.unknown()),
  redirectUrl: z.string().max(2048).nullable().optional(),
});

export type TSubmitFormInput = z.infer<typeof ZSubmitFormInputSchema>;
