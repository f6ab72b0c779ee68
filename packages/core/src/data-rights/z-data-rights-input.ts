import { z } from 'zod';

import { ZEmailSchema } from '../users/z-user-input.js';

/** A submitter to find or erase, by the email their submissions carry. */
export const ZSubmitterInputSchema = z.object({ email: ZEmailSchema });

/** Deleting one's own account: the account email typed again. */
export const ZDeleteAccountInputSchema = z.object({ confirmEmail: z.string().max(320) });
