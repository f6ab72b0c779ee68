import {
  emailLogRepository,
  formRepository,
  submissionRepository,
  workspaceMemberRepository,
  workspaceRepository,
} from '@formwell/db';
import type { TDigestJob } from '@formwell/jobs';

import type { TCoreConfig } from '../../config/load-config.js';
import { sha256Hex } from '../../crypto/sha256-hex.js';
import { withFileLinks } from '../../files/file-links.js';
import { effectiveEmailSettings } from '../../forms/effective-email-settings.js';
import type { TMailer } from '../mailer.js';
import { memberAddress, memberModes } from '../recipients/member-modes.js';
import { sendLoggedEmail, type TEmailOutcome } from '../send-logged-email.js';
import { fieldLabels, formPageUrl } from '../send-submission-email.js';
import { digestEmail } from './digest-email.js';
import { digestSpan } from './digest-periods.js';

export const DIGEST_EMAIL_KIND = 'email.digest';

/** Submissions a digest shows one by one; the rest are counted. */
const SHOWN = 50;

/**
 * The email log's key of one digest: member, form, cadence and period. Sending is keyed on it, so
 * a digest job run twice (a retry, a duplicate run after a restart) sends one email.
 */
function digestEntryId(job: TDigestJob): string {
  return sha256Hex(`digest:${job.userId}:${job.formId}:${job.cadence}:${job.periodStart}`).slice(0, 24);
}

/**
 * Sends one member's digest of one form for one ended period. A member who moved to instant or
 * the other digest during the period gets the period up to the move, and one who came from the
 * other digest the period from the move on (see digestSpan). Nothing is sent when it was sent
 * already, when the member has left the workspace or chosen off since, when the form
 * is gone or its notifications are off (or not in the plan), or when the period had no submission
 * the member was not already mailed one by one.
 */
export async function sendDigest({
  job,
  mailer,
  config,
  lastAttempt,
  now = new Date(),
}: {
  job: TDigestJob;
  mailer: TMailer;
  config: Pick<TCoreConfig, 'publicUrl' | 'plans'>;
  lastAttempt: boolean;
  now?: Date;
}): Promise<TEmailOutcome> {
  const { workspaceId, formId, userId, cadence, periodStart } = job;
  const entryId = digestEntryId(job);
  if (await emailLogRepository.findByEntry({ entryId })) {
    return { status: 'skipped', reason: 'already sent' };
  }
  const [membership, form, workspace] = await Promise.all([
    workspaceMemberRepository.find({ workspaceId, userId }),
    formRepository.findById({ userId: workspaceId, formId }),
    workspaceRepository.findById({ workspaceId }),
  ]);
  const isOwner = workspace?.ownerId === userId;
  if ((!membership && !isOwner) || !form || !workspace) {
    return { status: 'skipped', reason: 'member or form gone' };
  }
  if (
    !effectiveEmailSettings(form.emailSettings, config.plans[workspace.plan]).developerNotificationsEnabled
  ) {
    return { status: 'skipped', reason: 'notifications off' };
  }
  const member = (await memberModes({ workspaceId, formId })).find((entry) => entry.user.id === userId);
  const span = member ? digestSpan(member, cadence, periodStart) : null;
  const to =
    member && span !== null ? memberAddress(member, form.emailSettings.developerEmail ?? null) : null;
  if (!member || span === null || to === null) {
    return { status: 'skipped', reason: 'no longer on this digest' };
  }
  const from = new Date(span.from);
  // A member who switched from instant to this digest during the period read the submissions
  // before the switch one by one, at this very address: the digest leaves those out. (Which
  // submissions were mailed, not when the switch happened, decides: an instant job that ran after
  // the switch mailed nothing, so its submission stays in the digest.)
  const mailed = await emailLogRepository.submissionsMailedTo({
    userId: workspaceId,
    formId,
    kind: 'email.developer',
    to,
    since: from,
  });
  const period = { from, until: new Date(span.until), exceptIds: mailed };
  const page = await submissionRepository.list({ userId: workspaceId, formId, limit: SHOWN, filter: period });
  if (page.items.length === 0) {
    return { status: 'skipped', reason: 'no submissions' };
  }
  const total = page.hasMore
    ? await submissionRepository.count({ userId: workspaceId, formId, filter: period })
    : page.items.length;
  const message = digestEmail({
    to,
    cadence,
    formName: form.name,
    formUrl: formPageUrl(config.publicUrl, formId),
    periodStart: new Date(periodStart),
    total,
    // File values get signed links for 7 days from now, as in the instant notification.
    submissions: await Promise.all(
      page.items.map(async (item) => ({
        id: item.id,
        createdAt: item.createdAt,
        fields: await withFileLinks({
          submissionId: item.id,
          fields: item.data,
          publicUrl: config.publicUrl,
        }),
      })),
    ),
    labels: fieldLabels(form.fields),
  });

  return sendLoggedEmail({
    log: { userId: workspaceId, formId, submissionId: null, entryId, kind: DIGEST_EMAIL_KIND },
    message,
    mailer,
    lastAttempt,
    now,
  });
}
