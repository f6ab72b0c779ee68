import escapeHtml from 'escape-html';

import type { TEmailMessage } from './mailer.js';
import { oneLine } from './render-fields.js';
import { emailLayout } from './submission-email-templates.js';

/** `10:00` of an hour's start, in UTC (the hour boundaries the cap counts in). */
function utcTime(date: Date): string {
  return date.toISOString().slice(11, 16);
}

/**
 * To the form's owner, once per capped hour: how many submission notifications were not sent
 * because the form reached the hourly limit. The submissions themselves are all stored.
 */
export function developerSummaryEmail({
  to,
  formName,
  skipped,
  limit,
  hourStart,
  dashboardUrl,
}: {
  to: string;
  formName: string;
  skipped: number;
  limit: number;
  hourStart: Date;
  dashboardUrl: string;
}): TEmailMessage {
  const name = oneLine(formName);
  const hourEnd = new Date(hourStart.getTime() + 3_600_000);
  const span = `${hourStart.toISOString().slice(0, 10)} ${utcTime(hourStart)}-${utcTime(hourEnd)} UTC`;
  const notifications = skipped === 1 ? '1 notification was' : `${skipped} notifications were`;
  const title = `${skipped} skipped ${skipped === 1 ? 'notification' : 'notifications'} for ${name}`;
  const why = `${name} received more than ${limit} submissions between ${span}. Notifications stop at ${limit} per hour, so ${notifications} not sent. Every submission is stored.`;

  return {
    to,
    subject: title,
    text: `${title}\n\n${why}\n\nSee all submissions: ${dashboardUrl}\n`,
    html: emailLayout(
      title,
      `<p>${escapeHtml(why)}</p><p><a href="${escapeHtml(dashboardUrl)}">See all submissions</a></p>`,
    ),
  };
}
