import escapeHtml from 'escape-html';

import type { TEmailMessage } from '../mailer.js';
import { oneLine, renderFields } from '../render-fields.js';
import { emailLayout } from '../submission-email-templates.js';
import type { TDigestCadence } from './digest-periods.js';

type TDigestSubmission = { id: string; createdAt: Date; fields: Record<string, unknown> };

/**
 * One member's digest of one form: how many submissions arrived in the period and each one's
 * labelled fields (the newest `shown` of them), every value escaped in HTML.
 */
export function digestEmail({
  to,
  cadence,
  formName,
  formUrl,
  periodStart,
  total,
  submissions,
  labels,
}: {
  to: string;
  cadence: TDigestCadence;
  formName: string;
  formUrl: string;
  periodStart: Date;
  /** Every submission of the period; `submissions` may hold fewer. */
  total: number;
  submissions: TDigestSubmission[];
  labels: Record<string, string>;
}): TEmailMessage {
  const name = oneLine(formName);
  const when =
    cadence === 'hourly'
      ? `${periodStart.toISOString().slice(0, 16).replace('T', ' ')} UTC hour`
      : `${periodStart.toISOString().slice(0, 10)} (UTC)`;
  const count = total === 1 ? '1 new submission' : `${total} new submissions`;
  const subject = oneLine(`${count} to ${name} (${cadence} digest)`, 200);
  const more = total > submissions.length ? `\n\n…and ${total - submissions.length} more.` : '';
  const parts = submissions.map((submission) => ({
    heading: `Submitted ${submission.createdAt.toISOString()}`,
    ...renderFields(submission.fields, labels),
  }));

  return {
    to,
    subject,
    text:
      `${count} to ${name} in the ${when}.\n\n` +
      parts.map((part) => `${part.heading}\n${part.text}`).join('\n\n') +
      `${more}\n\nSee all submissions (${formUrl})\n`,
    html: emailLayout(
      `${count} to ${name}`,
      `<p>In the ${escapeHtml(when)}.</p>` +
        parts
          .map((part) => `<h3 style="font-size:15px">${escapeHtml(part.heading)}</h3>${part.html}`)
          .join('') +
        (more ? `<p>${escapeHtml(more.trim())}</p>` : '') +
        `<p><a href="${escapeHtml(formUrl)}">See all submissions</a></p>`,
    ),
  };
}
