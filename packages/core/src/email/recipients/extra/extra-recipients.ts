import {
  notificationRecipientRepository,
  type TFormRecord,
  type TNotificationRecipientRecord,
} from '@formwell/db';
import { z } from 'zod';

import { accountLinkUrl } from '../../../account/account-links.js';
import type { TCoreConfig } from '../../../config/load-config.js';
import { newOneTimeToken } from '../../../crypto/one-time-token.js';
import { AppErrorCode } from '../../../errors/app-error-code.js';
import { AppError } from '../../../errors/app-error.js';
import { ErrorMessages } from '../../../errors/error-messages.js';
import { parseInput } from '../../../errors/parse-input.js';
import { loadOwnedForm } from '../../../forms/load-owned-form.js';
import { cutPage } from '../../../pagination/cut-page.js';
import { nextCursor } from '../../../pagination/next-cursor.js';
import { resolvePageRequest, type TPageRequest } from '../../../pagination/resolve-page-request.js';
import { requireVerifiedActor } from '../../../users/require-verified-address.js';
import { ZEmailSchema } from '../../../users/z-user-input.js';
import { queueAccountEmail, type TAccountMail } from '../../queue-account-email.js';
import { recipientConfirmEmail } from './recipient-confirm-email.js';
import { MAX_EXTRA_RECIPIENTS, RECIPIENT_LINK_TTL_MS } from './recipient-rules.js';

/** One extra recipient as the dashboard and the API show it (removed ones are not listed). */
export const ZNotificationRecipientViewSchema = z.object({
  id: z.string(),
  email: z.string(),
  /** `pending` until the address opens its link: nothing but that link is mailed to it until then. */
  status: z.enum(['pending', 'confirmed']),
  /** When the latest confirmation link was sent; null once confirmed. */
  linkSentAt: z.string().nullable(),
  /** When that link stops working; null once confirmed. */
  linkExpiresAt: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  createdAt: z.string(),
});

export type TNotificationRecipientView = z.infer<typeof ZNotificationRecipientViewSchema>;

function toView(record: TNotificationRecipientRecord): TNotificationRecipientView {
  const confirmed = record.status === 'confirmed';

  return {
    id: record.id,
    email: record.email,
    status: confirmed ? 'confirmed' : 'pending',
    linkSentAt: confirmed ? null : (record.linkSentAt?.toISOString() ?? null),
    linkExpiresAt: confirmed ? null : (record.confirmExpiresAt?.toISOString() ?? null),
    confirmedAt: record.confirmedAt?.toISOString() ?? null,
    createdAt: record.createdAt.toISOString(),
  };
}

/** One extra recipient in the account export: the listing's view and the form it is for. */
export function toExportedRecipient(record: TNotificationRecipientRecord) {
  return { ...toView(record), formId: record.formId };
}

type TScope = { workspaceId: string; formId: string };

/**
 * What every request that mails a link shares: who acts (the signed-in user, or null for an API key:
 * its workspace's owner answers), where links point and how they are queued, and `beforeSend`, called
 * with the address once every check has passed and just before anything is written or mailed: the
 * caller counts its rate limits there, so a refused request (404, 403, 409) uses up none of them.
 */
export type TLinkRequest = TScope & {
  actingUserId: string | null;
  config: Pick<TCoreConfig, 'publicUrl'>;
  mail: TAccountMail;
  beforeSend?: (address: string) => Promise<void>;
};

const recipientNotFound = () =>
  new AppError(AppErrorCode.NOT_FOUND, { message: ErrorMessages.RECIPIENT_NOT_FOUND });

/** A new link (its token for the email, its hash and expiry for the database). */
function newLink(now: Date) {
  const { token, tokenHash } = newOneTimeToken();

  return { token, link: { tokenHash, expiresAt: new Date(now.getTime() + RECIPIENT_LINK_TTL_MS), now } };
}

/** The form a link is for, once the actor may mail one (404 for another workspace's, 403 unproven). */
async function formForLink({ workspaceId, formId, actingUserId }: TLinkRequest): Promise<TFormRecord> {
  const form = await loadOwnedForm({ userId: workspaceId, formId, foreign: 'not-found' });
  await requireVerifiedActor({ userId: actingUserId, workspaceId });

  return form;
}

/** Queues the confirmation email; the link rides in the stored message, never in the job. */
async function mailLink(
  { config, mail }: TLinkRequest,
  form: Pick<TFormRecord, 'userId' | 'name'>,
  recipient: TNotificationRecipientRecord,
  token: string,
): Promise<TNotificationRecipientView> {
  await queueAccountEmail({
    mail,
    kind: 'notification.recipient-confirm',
    ownerId: form.userId,
    message: recipientConfirmEmail({
      to: recipient.email,
      formName: form.name,
      url: accountLinkUrl(config.publicUrl, 'notifications/confirm', token),
    }),
    expiresAt: recipient.confirmExpiresAt ?? new Date(),
  });

  return toView(recipient);
}

/**
 * One page of the form's extra recipients, pending and confirmed, newest first, with `limit` and
 * `cursor` as every list (a form has at most 10, so the page is cut from the whole list). Bad
 * paging input is refused before the form is read; a form of another workspace is 404.
 */
export async function listNotificationRecipients({
  workspaceId,
  formId,
  limit,
  cursor,
}: TScope & TPageRequest): Promise<{ recipients: TNotificationRecipientView[]; nextCursor: string | null }> {
  const request = resolvePageRequest({ limit, cursor });
  await loadOwnedForm({ userId: workspaceId, formId, foreign: 'not-found' });
  const stored = await notificationRecipientRepository.listForForm({ workspaceId, formId });
  const newestFirst = stored
    .filter((recipient) => recipient.status !== 'removed')
    .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1));
  const page = cutPage(newestFirst, request);

  return { recipients: page.items.map(toView), nextCursor: nextCursor(page) };
}

/**
 * Adds an address to a form's notifications and mails it a confirmation link (single-use, 7 days).
 * 400 for an invalid address, 404 for another workspace's form, 403 while the acting account's own
 * address is unproven (as for invitations) or past the form's cap, 409 when the address is already
 * there. The address gets nothing else until it confirms.
 */
export async function addNotificationRecipient({
  email,
  now = new Date(),
  ...request
}: TLinkRequest & {
  /** Checked here: the CLI and the API pass what was typed. */
  email: string;
  now?: Date;
}): Promise<TNotificationRecipientView> {
  const { workspaceId, formId } = request;
  // Named, so the 400 says which input it refuses (`email: Invalid email address`).
  const address = parseInput(z.object({ email: ZEmailSchema }), { email }).email;
  const form = await formForLink(request);
  const tooMany = () =>
    // A 403 like every other limit reached (forms, keys, endpoints): the request itself is valid.
    new AppError(AppErrorCode.FORBIDDEN, {
      message: ErrorMessages.tooManyRecipients(MAX_EXTRA_RECIPIENTS),
    });
  const active = (await notificationRecipientRepository.listForForm({ workspaceId, formId })).filter(
    (recipient) => recipient.status !== 'removed',
  );
  if (active.some((recipient) => recipient.email === address)) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.RECIPIENT_EXISTS });
  }
  if (active.length >= MAX_EXTRA_RECIPIENTS) {
    throw tooMany();
  }
  await request.beforeSend?.(address);
  const { token, link } = newLink(now);
  const recipient = await notificationRecipientRepository.addPending({
    workspaceId,
    formId,
    email: address,
    link,
  });
  // Added meanwhile by a request that raced this one.
  if (!recipient) {
    throw new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.RECIPIENT_EXISTS });
  }
  // Two adds at once can both pass the count: the one that went past the cap takes itself back.
  if ((await notificationRecipientRepository.countActive({ workspaceId, formId })) > MAX_EXTRA_RECIPIENTS) {
    await notificationRecipientRepository.discard({ recipientId: recipient.id });
    throw tooMany();
  }

  return mailLink(request, form, recipient, token);
}

/**
 * Mails a pending recipient a new link (the earlier one stops working). 404 for no such recipient
 * of the form, 409 when it confirmed already, 403 as for adding while the actor is unproven. The
 * form and the recipient are read once, and `beforeSend` is called only for a link that goes out.
 */
export async function resendNotificationRecipientLink({
  recipientId,
  now = new Date(),
  ...request
}: TLinkRequest & { recipientId: string; now?: Date }): Promise<TNotificationRecipientView> {
  const { workspaceId, formId } = request;
  const form = await formForLink(request);
  const existing = await notificationRecipientRepository.findById({ workspaceId, formId, recipientId });
  const refusal = (found: TNotificationRecipientRecord | null) =>
    found?.status === 'confirmed'
      ? new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.RECIPIENT_CONFIRMED })
      : recipientNotFound();
  if (existing?.status !== 'pending') {
    throw refusal(existing);
  }
  await request.beforeSend?.(existing.email);
  const { token, link } = newLink(now);
  const recipient = await notificationRecipientRepository.replaceLink({
    workspaceId,
    formId,
    recipientId,
    link,
  });
  // Confirmed or removed meanwhile.
  if (!recipient) {
    throw refusal(await notificationRecipientRepository.findById({ workspaceId, formId, recipientId }));
  }

  return mailLink(request, form, recipient, token);
}

/** Removes an extra recipient: it gets nothing more, and its link stops working. 404 if none. */
export async function removeNotificationRecipient({
  workspaceId,
  formId,
  recipientId,
  now = new Date(),
}: TScope & { recipientId: string; now?: Date }): Promise<void> {
  await loadOwnedForm({ userId: workspaceId, formId, foreign: 'not-found' });
  if (!(await notificationRecipientRepository.remove({ recipientId, scope: { workspaceId, formId }, now }))) {
    throw recipientNotFound();
  }
}
