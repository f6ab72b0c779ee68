/** At most this many distinct tokens of one submission reach the model. */
export const MAX_TOKENS = 300;
const MAX_TOKEN_CHARS = 40;
// Numbers and single Latin letters (initials, the local part `a` of a@x.com) say nothing about spam.
const NOISE = /^(?:[0-9.,]+|[a-z])$/;

// The platform's Unicode word breaker (ICU): words in every script, CJK and Thai included, which a
// regular expression over \w cannot split. Built into Node, no dependency.
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

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
    for (const { segment, isWordLike } of segmenter.segment(value.toLowerCase())) {
      if (tokens.size >= MAX_TOKENS) {
        return [...tokens];
      }
      if (isWordLike && segment.length <= MAX_TOKEN_CHARS && !NOISE.test(segment)) {
        tokens.add(segment);
      }
    }
  }

  return [...tokens].slice(0, MAX_TOKENS);
}

// Linear: one bounded character class after a fixed prefix, no nested quantifier.
const LINK_HOST = /(?:https?:\/\/|www\.)([a-z0-9.-]{1,100})/gi;

export function linkHosts(value: string): string[] {
  return [...value.matchAll(LINK_HOST)].map((match) => (match[1] ?? '').toLowerCase().replace(/^www\./, ''));
}
