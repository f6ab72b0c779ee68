/** At most this many distinct tokens of one submission reach the model. */
export const MAX_TOKENS = 300;
const MAX_TOKEN_CHARS = 40;
// Numbers and single Latin letters (initials, the local part `a` of a@x.com) say nothing about spam.
const NOISE = /^(?:[0-9.,]+|[a-z])$/;

// The platform's Unicode word breaker (ICU): words in every script, CJK and Thai included, which
// no regular expression can split (they write without spaces). Built into Node, no dependency.
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
// It costs about ten times a regular expression, so text in the scripts that separate words (Latin,
// Cyrillic, Greek, Arabic, Hebrew, Devanagari, Hangul, ...) takes the expression: letters, marks and
// digits, joined by an apostrophe or a dot as the word breaker joins them (`don't`, `example.com`).
// Each repetition starts with a joiner the inner class lacks: linear time.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}\p{Script=Tibetan}]/u;
const SPACED_WORD = /[\p{L}\p{M}\p{N}]+(?:['’.][\p{L}\p{M}\p{N}]+)*/gu;
// Most submissions are plain ASCII, where the Unicode classes above mean exactly [a-z0-9] (the text
// is lower-cased already) and the curly apostrophe cannot occur: the same words, found about twice
// as fast, without a Unicode-aware expression.
const ASCII_ONLY = /^[\x00-\x7f]*$/;
const ASCII_WORD = /[a-z0-9]+(?:['.][a-z0-9]+)*/g;

function words(text: string): Iterable<string> {
  if (ASCII_ONLY.test(text)) {
    return text.match(ASCII_WORD) ?? [];
  }
  if (UNSPACED_SCRIPT.test(text)) {
    return [...segmenter.segment(text)].filter((part) => part.isWordLike).map((part) => part.segment);
  }

  return text.match(SPACED_WORD) ?? [];
}

/**
 * The distinct lower-case words of some texts, in order of first appearance, at most MAX_TOKENS.
 * Links are reduced to their host (`link:example.com`), which is what a learned model can reuse.
 */
export function tokenize(values: readonly string[]): string[] {
  const tokens = new Set<string>();
  for (const value of values) {
    for (const host of linkHosts(value)) {
      tokens.add(`link:${host}`);
    }
    for (const word of words(value.toLowerCase())) {
      if (tokens.size >= MAX_TOKENS) {
        return [...tokens];
      }
      if (word.length <= MAX_TOKEN_CHARS && !NOISE.test(word)) {
        tokens.add(word);
      }
    }
  }

  return [...tokens].slice(0, MAX_TOKENS);
}

// Linear: one bounded character class after a fixed prefix, no nested quantifier.
const LINK_HOST = /(?:https?:\/\/|www\.)([a-z0-9.-]{1,100})/gi;

// The prefix alone, tested first: most values hold no link, and a test builds no match iterator.
const LINK_PREFIX = /https?:\/\/|www\./i;

export function linkHosts(value: string): string[] {
  if (!LINK_PREFIX.test(value)) {
    return [];
  }

  return [...value.matchAll(LINK_HOST)].map((match) => (match[1] ?? '').toLowerCase().replace(/^www\./, ''));
}
