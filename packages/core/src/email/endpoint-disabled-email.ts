import escapeHtml from 'escape-html';

import type { TEmailMessage } from './mailer.js';

const REASONS = {
  gone: 'it answered 410 Gone',
  failing: 'every delivery attempt has failed for 5 days',
} as const;

/** To an endpoint's owner: deliveries to it stopped, and how to turn it back on. */
export function endpointDisabledEmail({
  to,
  url,
  reason,
  dashboardUrl,
}: {
  to: string;
  url: string;
  reason: keyof typeof REASONS;
  dashboardUrl: string;
}): TEmailMessage {
  const why = REASONS[reason];
  const title = 'A webhook endpoint was disabled';

  return {
    to,
    subject: title,
    text: `${title}: ${url}\n\nFormwell stopped delivering to it because ${why}. Once it works again, re-enable it in the dashboard: ${dashboardUrl}\n`,
    html:
      `<!doctype html><html><body style="font-family:system-ui,sans-serif"><h2>${title}</h2>` +
      `<p><code>${escapeHtml(url)}</code></p><p>Formwell stopped delivering to it because ${why}. ` +
      `Once it works again, <a href="${escapeHtml(dashboardUrl)}">re-enable it in the dashboard</a>.</p></body></html>`,
  };
}
