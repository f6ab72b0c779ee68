import escapeHtml from 'escape-html';

import type { TEmailMessage } from './mailer.js';
import { oneLine, renderFields } from './render-fields.js';

type TTemplateInput = { to: string; formName: string; fields: Record<string, unknown> };

/** The page every email's HTML part is set in; `title` is escaped here, `body` must be already. */
export function emailLayout(title: string, body: string): string {
  return (
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<h2 style="font-size:18px">${escapeHtml(title)}</h2>${body}` +
    `<p style="color:#666;font-size:12px">Sent by Formwell</p></body></html>`
  );
}

/**
 * To the person who submitted: that it arrived. It quotes none of what was sent: whoever typed
 * someone else's address would otherwise mail them their own text from this install. The owner may
 * set the subject and a reply-to address.
 */
export function submissionConfirmationEmail({
  to,
  formName,
  subject = null,
  replyTo = null,
}: Omit<TTemplateInput, 'fields'> & { subject?: string | null; replyTo?: string | null }): TEmailMessage {
  const name = oneLine(formName);
  const title = `We received your submission to ${name}`;
  const note = 'If you did not submit this form, you can ignore this email.';

  return {
    to,
    subject: subject ? oneLine(subject, 200) : title,
    ...(replyTo ? { replyTo } : {}),
    text: `${title}.\n\n${note}\n`,
    html: emailLayout(title, `<p>${note}</p>`),
  };
}

/**
 * To the form's owner: a new submission arrived. `replyTo` is the submitter's address when the
 * submission holds a valid one, so the owner answers them by replying (as with a contact form).
 */
export function developerNotificationEmail({
  to,
  formName,
  fields,
  labels = {},
  dashboardUrl,
  replyTo = null,
}: TTemplateInput & {
  labels?: Record<string, string>;
  dashboardUrl: string;
  replyTo?: string | null;
}): TEmailMessage {
  const name = oneLine(formName);
  const rendered = renderFields(fields, labels);
  const title = `New submission to ${name}`;

  return {
    to,
    subject: title,
    ...(replyTo ? { replyTo } : {}),
    text: `${title}\n\n${rendered.text}\n\nSee all submissions: ${dashboardUrl}\n`,
    html: emailLayout(
      title,
      `${rendered.html}<p><a href="${escapeHtml(dashboardUrl)}">See all submissions</a></p>`,
    ),
  };
}
