import escapeHtml from 'escape-html';

import type { TEmailMessage } from './mailer.js';

function layout(title: string, paragraphs: string[], action: { label: string; url: string }): string {
  return (
    `<!doctype html><html><body style="font-family:system-ui,sans-serif;color:#111">` +
    `<h2 style="font-size:18px">${escapeHtml(title)}</h2>` +
    paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('') +
    `<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>` +
    `<p style="color:#666;font-size:12px">Sent by Formwell</p></body></html>`
  );
}

/** A short email: a title, a few paragraphs and one link to act on (billing and account mail). */
export function actionEmail(
  to: string,
  title: string,
  paragraphs: string[],
  action: { label: string; url: string },
): TEmailMessage {
  return {
    to,
    subject: title,
    text: `${title}\n\n${paragraphs.join('\n\n')}\n\n${action.label}: ${action.url}\n`,
    html: layout(title, paragraphs, action),
  };
}
