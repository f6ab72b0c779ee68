import escapeHtml from 'escape-html';

import type { TEmailMessage } from './mailer.js';
import { oneLine } from './render-fields.js';
import { emailLayout } from './submission-email-templates.js';

/** To a new account: it exists, and where to start (the dashboard and the API reference). */
export function accountWelcomeEmail({
  to,
  name,
  publicUrl,
}: {
  to: string;
  name: string;
  publicUrl: string;
}): TEmailMessage {
  const greeting = name.trim() === '' ? 'Hello' : `Hello ${oneLine(name, 100)}`;
  const docsUrl = `${publicUrl.replace(/\/$/, '')}/docs`;
  const title = 'Welcome to Formwell';
  const intro = `your account ${to} is ready. Create a form and an API key, then send submissions to the API.`;

  return {
    to,
    subject: title,
    text: `${greeting},\n\n${intro}\n\nDashboard: ${publicUrl}\nAPI reference: ${docsUrl}\n`,
    html: emailLayout(
      title,
      `<p>${escapeHtml(greeting)},</p><p>${escapeHtml(intro)}</p>` +
        `<p><a href="${escapeHtml(publicUrl)}">Open the dashboard</a> · ` +
        `<a href="${escapeHtml(docsUrl)}">API reference</a></p>`,
    ),
  };
}
