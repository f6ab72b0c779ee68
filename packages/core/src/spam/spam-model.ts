/**
 * A workspace's learned spam model: how many submissions its owner marked spam and not spam, and
 * for each token, in how many of each it appeared. Tokens are stored by a short hash (tokenKey), so
 * a submitted word never becomes a database field name and the model's size is bounded by what is
 * stored per token, not by what spammers type.
 */
export type TSpamModel = {
  spamMarks: number;
  hamMarks: number;
  /** tokenKey → [spam marks with it, not-spam marks with it] */
  tokens: ReadonlyMap<string, readonly [number, number]>;
};

/** Only the most telling tokens of a submission vote (Graham's "A Plan for Spam" takes 15). */
const VOTING_TOKENS = 20;
/** Robinson's smoothing: a token seen n times is believed as if it had also been seen this often as neutral. */
const PRIOR_STRENGTH = 1;
const NEUTRAL = 0.5;
/** No single token, however skewed its counts, moves the log-odds by more than this. */
const MAX_TOKEN_WEIGHT = 2;
/** The model's whole say on one submission is capped too, so the rules keep theirs. */
const MAX_MODEL_WEIGHT = 6;

/**
 * How many keys a model can hold: tokens are hashed into this many buckets (the "hashing trick"),
 * so a workspace's stored model stays under a few megabytes whatever its owner marks, at the price
 * of rare collisions between two words, which naive Bayes shrugs off.
 */
const TOKEN_BUCKETS = 65_536;

/** FNV-1a folded into TOKEN_BUCKETS, in base 36: a short, stable, field-name-safe key for a token. */
export function tokenKey(token: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < token.length; index += 1) {
    hash ^= token.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }

  return (hash % TOKEN_BUCKETS).toString(36);
}

/**
 * The model's evidence on some tokens, in log-odds. Per token, the share of spam among the marks
 * that contained it, each kind's counts scaled by how many marks of that kind there are (so an owner
 * who marks mostly spam does not make every word look like spam), pulled towards "neutral" when the
 * token was seen only a few times (Robinson's smoothing, as in SpamBayes). Naive Bayes then adds up
 * the log-odds of the most telling tokens. Zero until the owner has marked at least one of each
 * kind: with a single kind every common word would look like that kind.
 */
export function modelWeight(model: TSpamModel | null, tokenKeys: readonly string[]): number {
  if (model === null || model.spamMarks < 1 || model.hamMarks < 1) {
    return 0;
  }
  const votes: number[] = [];
  for (const key of tokenKeys) {
    const counts = model.tokens.get(key);
    const seen = counts === undefined ? 0 : counts[0] + counts[1];
    if (counts === undefined || seen <= 0) {
      continue;
    }
    const inSpam = Math.max(0, counts[0]) / model.spamMarks;
    const inHam = Math.max(0, counts[1]) / model.hamMarks;
    const share = inSpam + inHam === 0 ? NEUTRAL : inSpam / (inSpam + inHam);
    const smoothed = (PRIOR_STRENGTH * NEUTRAL + seen * share) / (PRIOR_STRENGTH + seen);
    const vote = Math.log(smoothed / (1 - smoothed));
    votes.push(Math.max(-MAX_TOKEN_WEIGHT, Math.min(MAX_TOKEN_WEIGHT, vote)));
  }
  votes.sort((a, b) => Math.abs(b) - Math.abs(a));
  const total = votes.slice(0, VOTING_TOKENS).reduce((sum, vote) => sum + vote, 0);

  return Math.max(-MAX_MODEL_WEIGHT, Math.min(MAX_MODEL_WEIGHT, total));
}
