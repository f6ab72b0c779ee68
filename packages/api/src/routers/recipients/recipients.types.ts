import { MAX_EXTRA_RECIPIENTS, ZNotificationRecipientViewSchema } from '@formwell/core';
import { z } from 'zod';

import {
  apiKeyErrorResponses,
  bodyErrorResponsesOf,
  KEY_RESTRICTION_REFUSAL,
} from '../../rest/api-key-error-responses.js';
import {
  ZApiKeyQuerySchema,
  ZCursorQuerySchema,
  ZLimitQuerySchema,
  ZPathIdParamSchema,
} from '../../schemas/z-query.js';
import { ZLinkTokenSchema } from '../auth/email-links.types.js';
import type { ApiMeta } from '../../trpc.js';

type TOpenApi = ApiMeta['openapi'] & object;

/** What every extra-recipient route shares in the document: tag, rights, errors. */
function recipientRouteMeta(
  openapi: Pick<TOpenApi, 'method' | 'path' | 'operationId' | 'summary' | 'description'> & {
    successDescription?: string;
  },
  { scope, limited }: { scope: string; limited: boolean },
): TOpenApi {
  const errorResponses: Record<number, string> = {
    ...apiKeyErrorResponses,
    403: `Insufficient scope, or ${KEY_RESTRICTION_REFUSAL}`,
    404: "Form, recipient or user not found (another workspace's form is 404)",
    ...bodyErrorResponsesOf(openapi.method),
  };
  if (openapi.method === 'POST') {
    Object.assign(errorResponses, {
      403: `Insufficient scope, ${KEY_RESTRICTION_REFUSAL}, or the form's extra recipient limit reached`,
      409: 'The address is already a recipient, or has confirmed already',
    });
  }
  if (limited) {
    errorResponses[429] = 'Rate limit exceeded, or too many confirmation links for this workspace or address';
  }

  return {
    ...openapi,
    tags: ['notifications'],
    description: `${openapi.description} Scope ${scope}; rate-limited per key.`,
    errorResponses,
  };
}

const MAIL_SCOPES = '`forms:write` and `submissions:read` (the address will receive the submissions)';

const ZFormPathSchema = z.object({ formId: ZPathIdParamSchema, apiKey: ZApiKeyQuerySchema });
const ZRecipientPathSchema = ZFormPathSchema.extend({ recipientId: ZPathIdParamSchema });

export const listRecipientsMeta = {
  openapi: recipientRouteMeta(
    {
      method: 'GET',
      path: '/forms/{formId}/recipients',
      operationId: 'v1-listRecipients',
      summary: "List the form's extra notification recipients",
      description: `Addresses outside the workspace that get the owner notification, pending (mailed a confirmation link, nothing else) or confirmed; newest first, paged with \`limit\` and \`cursor\` like every list. At most ${MAX_EXTRA_RECIPIENTS} per form.`,
    },
    { scope: '`forms:read`', limited: false },
  ),
} satisfies ApiMeta;
export const ZListRecipientsRequestSchema = ZFormPathSchema.extend({
  limit: ZLimitQuerySchema,
  cursor: ZCursorQuerySchema,
});
export const ZListRecipientsResponseSchema = z.object({
  recipients: z.array(ZNotificationRecipientViewSchema),
  nextCursor: z.string().nullable(),
});

export const addRecipientMeta = {
  openapi: recipientRouteMeta(
    {
      method: 'POST',
      path: '/forms/{formId}/recipients',
      operationId: 'v1-addRecipient',
      summary: 'Add an extra notification recipient',
      description: `Adds an address and emails it a confirmation link (single-use, 7 days); it gets the form's owner notifications only once it confirmed, each with a one-click unsubscribe link. 400 for an invalid address, 403 past ${MAX_EXTRA_RECIPIENTS} recipients on the form, 409 when the address is already there. Each address gets at most 5 links an hour, each workspace 30.`,
      successDescription: 'Added, pending its confirmation',
    },
    { scope: MAIL_SCOPES, limited: true },
  ),
  successStatus: 201,
} satisfies ApiMeta;
export const ZAddRecipientRequestSchema = ZFormPathSchema.extend({
  // Checked in core (trimmed, lower-cased, one 400 text); the document still says it is an address.
  email: z.string().max(320).meta({ format: 'email' }),
});
export const ZRecipientResponseSchema = ZNotificationRecipientViewSchema;

export const removeRecipientMeta = {
  openapi: recipientRouteMeta(
    {
      method: 'DELETE',
      path: '/forms/{formId}/recipients/{recipientId}',
      operationId: 'v1-removeRecipient',
      summary: 'Remove an extra notification recipient',
      description: 'The address gets nothing more, and its confirmation link stops working.',
      successDescription: 'Removed (no body)',
    },
    { scope: '`forms:write`', limited: false },
  ),
  successStatus: 204,
} satisfies ApiMeta;
export const ZRemoveRecipientRequestSchema = ZRecipientPathSchema;
export const ZRemoveRecipientResponseSchema = z.object({ id: z.string(), removed: z.literal(true) });

export const resendRecipientLinkMeta = {
  openapi: recipientRouteMeta(
    {
      method: 'POST',
      path: '/forms/{formId}/recipients/{recipientId}/resend',
      operationId: 'v1-resendRecipientLink',
      summary: 'Email a pending recipient a new confirmation link',
      description:
        'The earlier link stops working; the new one works once, for 7 days. 409 when the recipient has confirmed already. Each address gets at most 5 links an hour, each workspace 30.',
    },
    { scope: MAIL_SCOPES, limited: true },
  ),
} satisfies ApiMeta;
export const ZResendRecipientLinkRequestSchema = ZRecipientPathSchema;

export const ZRecipientLinkRequestSchema = z.object({ token: ZLinkTokenSchema });
export const ZConfirmRecipientResponseSchema = z.object({
  email: z.string(),
  formName: z.string(),
  confirmed: z.literal(true),
});
export const ZUnsubscribeRecipientResponseSchema = z.object({ unsubscribed: z.literal(true) });
