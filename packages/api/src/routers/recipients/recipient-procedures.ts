import {
  addNotificationRecipient,
  listNotificationRecipients,
  notificationRecipientAddress,
  removeNotificationRecipient,
  resendNotificationRecipientLink,
} from '@formwell/core';

import { requireRight, type TActor } from '../../actor/actor.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { withRecipientLinkLimit } from '../../rate-limit/dashboard-auth-limits.js';
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

/** The signed-in user who acts, or null for an API key (core then checks the workspace's owner). */
const actingUserId = ({ actor, user }: { actor: TActor; user: { id: string } }) =>
  actor.credential.type === 'session' ? user.id : null;

/** Changing who gets a form's submissions by mail: admins and the owner; keys with `forms:write`. */
const manageProcedure = actorProcedure({ apiKey: apiKeyPolicies.formsManage, session: true }).meta({
  workspaceAbility: 'members',
});

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

/**
 * Adds an address and mails it a confirmation link. A key also needs `submissions:read`: the
 * address will receive every submission, which a `forms:write`-only key may not read itself.
 */
export const addRecipientRoute = manageProcedure
  .meta(addRecipientMeta)
  .input(ZAddRecipientRequestSchema)
  .output(ZRecipientResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, services, logger } = ctx;
    requireRight(actor, apiKeyPolicies.submissionsList.scope);
    const recipient = await withRecipientLinkLimit(
      ctx,
      { workspaceId: actor.workspaceId, email: input.email },
      () =>
        addNotificationRecipient({
          config: services.config,
          mail: services.accountMail,
          workspaceId: actor.workspaceId,
          formId: input.formId,
          email: input.email,
          actingUserId: actingUserId(ctx),
        }),
    );
    // The id only: the address is a third party's, and the token never leaves the email.
    logger.info({ formId: input.formId, recipientId: recipient.id }, 'notification recipient added');

    return recipient;
  });

/** Mails a pending recipient a new link, under the same limits as adding it. */
export const resendRecipientLinkRoute = manageProcedure
  .meta(resendRecipientLinkMeta)
  .input(ZResendRecipientLinkRequestSchema)
  .output(ZRecipientResponseSchema)
  .mutation(async ({ ctx, input }) => {
    const { actor, services, logger } = ctx;
    requireRight(actor, apiKeyPolicies.submissionsList.scope);
    const scope = { workspaceId: actor.workspaceId, formId: input.formId, recipientId: input.recipientId };
    const email = await notificationRecipientAddress(scope);
    const recipient = await withRecipientLinkLimit(ctx, { workspaceId: actor.workspaceId, email }, () =>
      resendNotificationRecipientLink({
        ...scope,
        config: services.config,
        mail: services.accountMail,
        actingUserId: actingUserId(ctx),
      }),
    );
    logger.info(
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
