import { z } from 'zod';

import { ErrorMessages } from '../errors/error-messages.js';
import { isAbsoluteHttpUrl } from './is-absolute-http-url.js';
import { ZIdSchema } from '../z-id.js';

/**
 * Body of POST /api/v1/forms/submit; `data` is checked against the form's fields later. Unknown
 * top-level fields are ignored.
 * `redirectUrl` is absent, null or an absolute http(s) URL: an empty string is no URL, so a 400.
 */
export const ZSubmitFormInputSchema = z
  .object({
    formId: ZIdSchema,
    data: z.record(z.string(), z.unknown()),
    redirectUrl: z.string().max(2048).nullable().optional(),
  })
  .superRefine(({ redirectUrl }, ctx) => {
    if (redirectUrl !== undefined && redirectUrl !== null && !isAbsoluteHttpUrl(redirectUrl)) {
      // The text names the field already, so parseInput sends it as it is (no "redirectUrl: " prefix).
      ctx.addIssue({ code: 'custom', path: ['redirectUrl'], message: ErrorMessages.INVALID_REDIRECT_URL });
    }
  });

export type TSubmitFormInput = z.infer<typeof ZSubmitFormInputSchema>;
