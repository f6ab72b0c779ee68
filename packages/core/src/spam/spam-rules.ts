import { MAX_PHRASES_PER_FAMILY, SPAM_PATTERN_FAMILIES, type TSpamPatternFamily } from './spam-patterns.js';
import { linkHosts } from './tokenize.js';

/** One piece of evidence: a short reason and how much it moves the log-odds of "spam". */
export type TSpamSignal = { reason: string; weight: number };

// Code that would run in a page or a template where the submission is shown (script injection).
const SCRIPT =
  /<\s*\/?\s*(?:script|iframe|object|embed)\b|javascript\s*:|\bon(?:error|load|click|mouseover|focus)\s*=|document\.cookie|\$\{jndi:|\{\{\s*constructor|union\s+select\b|<\s*svg\b[^>]{0,200}\bon[a-z]{1,20}\s*=/i;
// The same character 20 times in a row ("!!!!!!…", "aaaaaa…"). One back-reference, bounded: linear.
const CHARACTER_RUN = /(.)\1{19}/u;
const RUN_LENGTH = 20;
/** Below this many words, how often they repeat says nothing. */
const MIN_WORDS_FOR_RATIO = 30;
/** A lower-case letter followed by a capital: the least a case-flipped word contains. */
const CASE_FLIP = /[a-z][A-Z]/;
const LATIN_WORD = /^[a-z]{6,40}$/i;
/** By number of links: one is ordinary ("see our site"), four or more is what link farms send. */
const LINK_WEIGHTS = [0, 1, 3, 4.5, 6];
const MAX_PATTERN_WEIGHT = 8;
const FURTHER_PHRASE_SHARE = 0.6;

function familyWeight(family: TSpamPatternFamily, text: string): number {
  const found = text.match(family.pattern);
  if (found === null) {
    // Most submissions match no family: no set built for them.
    return 0;
  }
  const distinct = new Set(found.map((phrase) => phrase.toLowerCase())).size;
  const counted = Math.min(distinct, MAX_PHRASES_PER_FAMILY);

  return counted === 0 ? 0 : family.weight * (1 + FURTHER_PHRASE_SHARE * (counted - 1));
}

/**
 * The content rules: links, known spam phrases, script injection, repeated text and gibberish.
 * Each returns its weight in log-odds; the caller adds them up. `values` is bounded by
 * submissionValues, `tokens` by tokenize.
 */
export function contentSignals(values: readonly string[], tokens: readonly string[]): TSpamSignal[] {
  const text = values.join('\n');
  const signals: TSpamSignal[] = [];
  const links = values.reduce((sum, value) => sum + linkHosts(value).length, 0);
  if (links > 0) {
    signals.push({ reason: 'links', weight: LINK_WEIGHTS[Math.min(links, LINK_WEIGHTS.length - 1)] ?? 0 });
  }
  const phrases = SPAM_PATTERN_FAMILIES.reduce((sum, family) => sum + familyWeight(family, text), 0);
  if (phrases > 0) {
    signals.push({ reason: 'patterns', weight: Math.min(MAX_PATTERN_WEIGHT, phrases) });
  }
  if (SCRIPT.test(text)) {
    // Alone it stays under the default threshold: people paste code into support forms, and tests
    // of escaping send `<script>`. With any other sign, or once the owner has marked such
    // submissions spam (the model learns `script`, `alert`, `onerror`), it is filed as spam.
    signals.push({ reason: 'scripts', weight: 4 });
  }
  // Alone, repeated text stays in the inbox (a test of the 10,000-character limit is a long run of
  // one letter); it tips a submission that shows anything else.
  if (isRepetitive(values, tokens)) {
    signals.push({ reason: 'repeated', weight: 3 });
  }
  const gibberish = Math.max(gibberishLevel(tokens), caseNoiseLevel(values));
  if (gibberish > 0) {
    signals.push({ reason: 'gibberish', weight: gibberish === 2 ? 6 : 4 });
  }

  return signals;
}

/** A long run of one character, text that says the same few words over and over, or a value pasted into every field. */
function isRepetitive(values: readonly string[], distinctTokens: readonly string[]): boolean {
  // The cheap length checks spare most submissions (short ones) the expressions below.
  if (values.some((value) => value.length >= RUN_LENGTH && CHARACTER_RUN.test(value))) {
    return true;
  }
  const joined = values.join(' ');
  const words = joined.length >= MIN_WORDS_FOR_RATIO * 2 - 1 ? joined.split(/\s+/).filter(Boolean) : [];
  if (words.length >= MIN_WORDS_FOR_RATIO && distinctTokens.length / words.length < 0.2) {
    return true;
  }
  const long = values.filter((value) => value.length >= 20);

  return long.length >= 3 && new Set(long).size === 1;
}

/**
 * Keyboard mashing and random strings in Latin letters: words without a vowel or with six
 * consonants in a row. Only Latin words are judged, so no other script can look like gibberish to
 * it, and a single odd word (a name, a German compound) never is: level 1 takes two such words and
 * 40 % of the Latin words of the submission, level 2 (filed alone) three and 60 %.
 */
function gibberishLevel(tokens: readonly string[]): 0 | 1 | 2 {
  let latin = 0;
  let odd = 0;
  for (const token of tokens) {
    if (!LATIN_WORD.test(token)) {
      continue;
    }
    latin += 1;
    if (!/[aeiouy]/.test(token) || /[^aeiouy]{6}/.test(token)) {
      odd += 1;
    }
  }

  return levelOf(odd, latin);
}

function levelOf(odd: number, of: number): 0 | 1 | 2 {
  const share = odd / Math.max(1, of);
  if (odd >= 3 && share >= 0.6) {
    return 2;
  }

  return odd >= 2 && share >= 0.4 ? 1 : 0;
}

/** Case flipping inside words (`xKqWvzPt`, lost by the lower-cased tokens), judged on the raw values. */
function caseNoiseLevel(values: readonly string[]): 0 | 1 | 2 {
  if (!values.some((value) => CASE_FLIP.test(value))) {
    return 0;
  }
  let flipped = 0;
  let words = 0;
  for (const value of values) {
    for (const word of value.split(/[^A-Za-z]+/)) {
      if (word.length < 6) {
        continue;
      }
      words += 1;
      if ((word.slice(1).match(/[a-z][A-Z]/g) ?? []).length >= 2) {
        flipped += 1;
      }
    }
  }

  return levelOf(flipped, words);
}
