import escapeHtml from 'escape-html';
import type { TFormRecord } from '@formwell/db';

import type { TEmailMessage } from './mailer.js';
import {
  DEFAULT_EMAIL_TEMPLATES,
  type TEmailTemplate,
  type TEmailTemplateKind,
} from './templates/email-template-defaults.js';
import { quotesSubmitter } from './templates/email-placeholders.js';
import { renderEmailTemplate, type TEmailTemplateContext } from './templates/render-email-template.js';

/** The page every email's HTML part is set in; `title` is escaped here, `body` must be already. */
export function emailLayout(title: string | null, body: string): string {
  return (
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">` +
    `${title === null ? '' : `<h2 style="font-size:18px">${escapeHtml(title)}</h2>`}${body}` +
    `<p style="color:#666;font-size:12px">Sent by Formwell</p></body></html>`
  );
}

/**
 * The template a form's email of this kind is written with: the owner's parts where set, the
 * built-in ones elsewhere. The confirmation's older `subject` setting still counts where no
 * template subject is set. `mayQuoteSubmitter` is false for a confirmation to a submitter who was
 * not verified (the owner confirms those too): it goes to an address anyone could have typed, so a
 * part quoting what was typed would let anyone mail any text to anyone from the install; such a part
 * is replaced by the built-in one, which quotes nothing.
 */
export function formEmailTemplate(
  kind: TEmailTemplateKind,
  emailSettings: Pick<
    TFormRecord['emailSettings'],
    'subject' | 'notificationTemplate' | 'confirmationTemplate'
  >,
  { mayQuoteSubmitter }: { mayQuoteSubmitter: boolean },
): TEmailTemplate {
  const stored =
    kind === 'notification' ? emailSettings.notificationTemplate : emailSettings.confirmationTemplate;
  const legacySubject = kind === 'confirmation' ? emailSettings.subject : null;

  const allowed = (part: string | null | undefined) =>
    part === null || part === undefined || (!mayQuoteSubmitter && quotesSubmitter(part)) ? null : part;

  return {
    subject: allowed(stored?.subject) ?? allowed(legacySubject) ?? DEFAULT_EMAIL_TEMPLATES[kind].subject,
    body: allowed(stored?.body) ?? DEFAULT_EMAIL_TEMPLATES[kind].body,
  };
}

/**
 * One submission email from its template. `replyTo` is the form's reply-to on a confirmation, and
 * on a notification the submitter's validated address, so the owner answers them by replying.
 */
export function submissionEmail({
  to,
  replyTo,
  template,
  context,
  unsubscribeUrl = null,
  oneClickUnsubscribeUrl = null,
}: {
  to: string;
  replyTo: string | null;
  template: TEmailTemplate;
  context: TEmailTemplateContext;
  /** An extra recipient's link that stops these emails (one click, no login), below the body. */
  unsubscribeUrl?: string | null;
  /** The same recipient's one-click endpoint, for mail clients' own unsubscribe button (headers). */
  oneClickUnsubscribeUrl?: string | null;
}): TEmailMessage {
  const rendered = renderEmailTemplate(template, context);
  const footer = unsubscribeUrl === null ? null : unsubscribeFooter(unsubscribeUrl);

  return {
    to,
    subject: rendered.subject,
    ...(replyTo ? { replyTo } : {}),
    ...(oneClickUnsubscribeUrl ? { oneClickUnsubscribeUrl } : {}),
    text: footer ? `${rendered.text}\n\n${footer.text}\n` : rendered.text,
    html: emailLayout(null, footer ? `${rendered.html}${footer.html}` : rendered.html),
  };
}

const UNSUBSCRIBE_NOTE = "You get this email because this address was added to the form's notifications.";

/** The unsubscribe note of an extra recipient's notification, in both parts. */
function unsubscribeFooter(url: string): { text: string; html: string } {
  return {
    text: `${UNSUBSCRIBE_NOTE}\nUnsubscribe: ${url}`,
    html:
      `<p style="color:#666;font-size:12px">${escapeHtml(UNSUBSCRIBE_NOTE)} ` +
      `<a href="${escapeHtml(url)}">Unsubscribe</a></p>`,
  };
}
