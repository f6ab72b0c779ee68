import type { TFormRecord, TSubmissionStatus } from '@formwell/db';

import { DEFAULT_SPAM_THRESHOLD, scoreSubmission } from './score-submission.js';
import { loadWorkspaceSpamModel } from './workspace-spam-model.js';

/** What the transport adds to the content: a solved CAPTCHA, the client address's recent rate. */
export type TSpamSignals = {
  captcha?: 'passed' | 'none';
  /** Submissions from the client's address to this form in the last minute, this one included. */
  addressRate?: number | null;
};

export type TSpamJudgement = { status: TSubmissionStatus; score: number; reasons: string[] };

/** The form's threshold: the owner's, else the default. */
export function spamThresholdOf(form: Pick<TFormRecord, 'spamThreshold'>): number {
  return form.spamThreshold ?? DEFAULT_SPAM_THRESHOLD;
}

/**
 * The verdict on a submission that passed validation: its score with the workspace's own learned
 * model, and the folder it goes to by the form's threshold.
 */
export async function judgeSubmission({
  workspaceId,
  form,
  data,
  signals = {},
}: {
  workspaceId: string;
  form: Pick<TFormRecord, 'spamThreshold'>;
  data: Record<string, unknown>;
  signals?: TSpamSignals;
}): Promise<TSpamJudgement> {
  const model = await loadWorkspaceSpamModel({ workspaceId });
  const { score, reasons } = scoreSubmission({ data, model, ...signals });

  return { status: score >= spamThresholdOf(form) ? 'spam' : 'inbox', score, reasons };
}
