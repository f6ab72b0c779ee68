import {
  addNotificationRecipient,
  listNotificationRecipients,
  removeNotificationRecipient,
  resendNotificationRecipientLink,
} from '@formwell/core';

import { requireRight, type TActor } from '../../actor/actor.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import type { Context } from '../../context.js';
import { takeRecipientLinkSlot } from '../../rate-limit/dashboard-auth-limits.js';
import {
  addRecipientMeta,
  listRecipientsMeta,
  removeRecipientMeta,
  resendRecipientLinkMeta,
  ZAddRecipientRequestSchema,
  ZListRecipientsRequestSchema,
  ZListRecipientsResponseSchema,
  ZRecipientResponseSchema,
  ZRemoveRecipientRequestSchema,
  ZRemoveRecipientResponseSchema,
  ZResendRecipientLinkRequestSchema,
} from './recipients.types.js';

/** Changing who gets a form's submissions by mail: admins and the owner; keys with `forms:write`. */
const manageProcedure = actorProcedure({ apiKey: apiKeyPolicies.formsManage, session: true }).meta({
  workspaceAbility: 'members',
});

/**
 * What adding an address and sending its link again share. A key also needs `submissions:read`: the
 * address will receive every submission, which a `forms:write`-only key may not read itself. The
 * rate limits count only a link that goes out (core calls `beforeSend` after its own checks), and
 * the signed-in user acts, or for a key (null) its workspace's owner.
 */
function linkRequest(ctx: Context & { actor: TActor; user: { id: string } }, formId: string) {
  const { actor, user, services } = ctx;
  requireRight(actor, apiKeyPolicies.submissionsList.scope);
  const workspaceId = actor.workspaceId;

  return {
    workspaceId,
    formId,
    actingUserId: actor.credential.type === 'session' ? user.id : null,
    config: services.config,
    mail: services.accountMail,
    beforeSend: (email: string) => takeRecipientLinkSlot(ctx, { workspaceId, email }),
  };
}

/** The form's extra recipients (any member reads them; keys with `forms:read`). */
export const listRecipientsRoute = actorProcedure({ apiKey: apiKeyPolicies.getForm, session: true })
  .meta(listRecipientsMeta)
  .input(ZListRecipientsRequestSchema)
  .output(ZListRecipientsResponseSchema)
  .query(({ ctx, input }) =>
    listNotificationRecipients({
      workspaceId: ctx.actor.workspaceId,
      formId: input.formId,
      limit: input.limit,
      cursor: input.cursor,
    }),
  );

/** Adds an address and mails it a confirmation link. */
export const addRecipientRoute = manageProcedure
  .meta(addRecipientMeta)
  .input(ZAddRecipientRequestSchema)
  .output(ZRecipientResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const recipient = await addNotificationRecipient({
      ...linkRequest(ctx, input.formId),
      email: input.email,
    });
    // The id only: the address is a third party's, and the token never leaves the email.
    ctx.logger.info({ formId: input.formId, recipientId: recipient.id }, 'notification recipient added');

    return recipient;
  });

/** Mails a pending recipient a new link, under the same limits as adding it. */
export const resendRecipientLinkRoute = manageProcedure
  .meta(resendRecipientLinkMeta)
  .input(ZResendRecipientLinkRequestSchema)
  .output(ZRecipientResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const recipient = await resendNotificationRecipientLink({
      ...linkRequest(ctx, input.formId),
      recipientId: input.recipientId,
    });
    ctx.logger.info(
      { formId: input.formId, recipientId: recipient.id },
      'notification recipient link sent again',
    );

    return recipient;
  });

/** Removes an extra recipient (REST answers 204). */
export const removeRecipientRoute = manageProcedure
  .meta(removeRecipientMeta)
  .input(ZRemoveRecipientRequestSchema)
  .output(ZRemoveRecipientResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { formId, recipientId } = input;
    await removeNotificationRecipient({ workspaceId: ctx.actor.workspaceId, formId, recipientId });
    ctx.logger.info({ formId, recipientId }, 'notification recipient removed');

    return { id: recipientId, removed: true as const };
  });
