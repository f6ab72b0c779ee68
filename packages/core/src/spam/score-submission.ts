import { modelWeight, tokenKey, type TSpamModel } from './spam-model.js';
import { contentSignals, type TSpamSignal } from './spam-rules.js';
import { submissionValues } from './submission-text.js';
import { tokenize } from './tokenize.js';

/** A form's default: a submission scoring this or more goes to the spam folder. */
export const DEFAULT_SPAM_THRESHOLD = 0.8;
/** Submissions per address and form in a minute that add nothing to the score. */
const FREE_SUBMISSIONS_PER_MINUTE = 10;

/** Where a submission stands before any evidence: about 5 % ("most submissions are real"). */
const PRIOR_LOG_ODDS = -3;
/** Each submission past the free rate adds this much, up to RATE_MAX_WEIGHT. */
const RATE_STEP_WEIGHT = 0.5;
const RATE_MAX_WEIGHT = 4;
/** A solved CAPTCHA is a person, not proof of good intent (spam farms solve them): a mild push. */
const CAPTCHA_PASSED_WEIGHT = -1;
const MAX_SCORE = 0.9999;
/**
 * Evidence below this is too weak to be named among the reasons. The address rate is named as soon
 * as it counts at all (the 11th submission of a minute): it is a plain count the owner can check,
 * not a faint statistical hint, and it adds nothing at all below that.
 */
const REASON_MIN_WEIGHT = 1;

export type TSpamEvidence = {
  data: Record<string, unknown>;
  /** Whether the submission passed the form's CAPTCHA (`none` when none was asked). */
  captcha?: 'passed' | 'none';
  /** Submissions from the same client address to the same form in the last minute, this one included. */
  addressRate?: number | null;
  /** The workspace's learned model, or null before its owner marked anything. */
  model?: TSpamModel | null;
};

export type TSpamVerdict = { score: number; reasons: string[] };

/**
 * A submission's spam score, 0..1, and the reasons behind it. Every piece of evidence is a weight
 * in log-odds added to a prior, so independent signals combine as a naive Bayes would, and the
 * result is squashed back to a probability-like score. Costs a bounded amount of work whatever the
 * data (see submissionValues and tokenize); needs no network.
 */
export function scoreSubmission({
  data,
  captcha = 'none',
  addressRate = null,
  model = null,
}: TSpamEvidence): TSpamVerdict {
  const values = submissionValues(data);
  const tokens = tokenize(values);
  const signals: TSpamSignal[] = contentSignals(values, tokens);
  const learned = modelWeight(model, tokens.map(tokenKey));
  if (learned !== 0) {
    signals.push({ reason: 'learned', weight: learned });
  }
  if (addressRate !== null && addressRate > FREE_SUBMISSIONS_PER_MINUTE) {
    const extra = addressRate - FREE_SUBMISSIONS_PER_MINUTE;
    signals.push({ reason: 'rate', weight: Math.min(RATE_MAX_WEIGHT, extra * RATE_STEP_WEIGHT) });
  }
  if (captcha === 'passed') {
    signals.push({ reason: 'captcha', weight: CAPTCHA_PASSED_WEIGHT });
  }
  const logOdds = signals.reduce((sum, signal) => sum + signal.weight, PRIOR_LOG_ODDS);

  return {
    // Never 1, so a form whose threshold is 1 files nothing in the spam folder by score.
    score: Math.min(MAX_SCORE, Math.round(10_000 / (1 + Math.exp(-logOdds))) / 10_000),
    reasons: signals
      .filter((signal) => signal.weight >= REASON_MIN_WEIGHT || signal.reason === 'rate')
      .map((signal) => signal.reason),
  };
}

/** The model's training input for a submission: the keys of its tokens, as scoring sees them. */
export function trainingKeys(data: Record<string, unknown>): string[] {
  return tokenize(submissionValues(data)).map(tokenKey);
}
