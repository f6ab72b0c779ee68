import escapeHtml from 'escape-html';

import type { TEndpointDisabledReason } from '../webhooks/delivery/deliver-webhook-event.js';
import type { TEmailMessage } from './mailer.js';

const DURATION_UNITS = [
  ['day', 24 * 3600_000],
  ['hour', 3600_000],
  ['minute', 60_000],
  ['second', 1000],
] as const;

/** The failure window as the owner reads it: in the largest unit that states it exactly. */
function describeDuration(ms: number): string {
  const [unit, size] = DURATION_UNITS.find(([, length]) => ms >= length && ms % length === 0) ?? [
    'second',
    1000,
  ];
  const count = ms / size;

  return `${String(count)} ${unit}${count === 1 ? '' : 's'}`;
}

function reasonText(reason: TEndpointDisabledReason, failingForMs: number): string {
  return reason === 'gone'
    ? 'it answered 410 Gone'
    : `every delivery attempt has failed for ${describeDuration(failingForMs)}`;
}

/** To an endpoint's owner: deliveries to it stopped, and how to turn it back on. */
export function endpointDisabledEmail({
  to,
  url,
  reason,
  failingForMs,
  dashboardUrl,
}: {
  to: string;
  url: string;
  reason: TEndpointDisabledReason;
  /** The failure window after which an endpoint is disabled (the delivery setting). */
  failingForMs: number;
  dashboardUrl: string;
}): TEmailMessage {
  const why = reasonText(reason, failingForMs);
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
