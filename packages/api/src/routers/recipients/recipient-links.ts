import { confirmNotificationRecipient, unsubscribeNotificationRecipient } from '@formwell/core';

import { publicProcedure } from '../../trpc.js';
import {
  ZConfirmRecipientResponseSchema,
  ZRecipientLinkRequestSchema,
  ZUnsubscribeRecipientResponseSchema,
} from './recipients.types.js';

/**
 * The confirmation link of an extra recipient (7 days, single-use; no session: it is opened by
 * someone outside the workspace). 400 `This link is invalid, used or expired` otherwise.
 */
export const confirmRecipientRoute = publicProcedure
  .input(ZRecipientLinkRequestSchema)
  .output(ZConfirmRecipientResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await confirmNotificationRecipient({ token: input.token });
    ctx.logger.info({ confirmed: true }, 'notification recipient confirmed');

    return result;
  });

/** The unsubscribe link of an extra recipient's notification: one click, no session. */
export const unsubscribeRecipientRoute = publicProcedure
  .input(ZRecipientLinkRequestSchema)
  .output(ZUnsubscribeRecipientResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const result = await unsubscribeNotificationRecipient({ token: input.token });
    ctx.logger.info({ unsubscribed: true }, 'notification recipient unsubscribed');

    return result;
  });
