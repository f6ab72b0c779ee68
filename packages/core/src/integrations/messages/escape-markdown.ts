/**
 * Makes submitted text inert in the Markdown dialects of Discord and of Teams' Adaptive Cards: every
 * character that can start formatting, a link, a heading, a list, a quote or a mention (`<@id>`,
 * `<#id>`, `<at>`) is preceded by a backslash, which both render as the plain character.
 */
const MARKDOWN_PUNCTUATION = /[\\`*_~|>#\-+=[\]()<!.:]/g;

/**
 * `@everyone` and `@here` ping a whole Discord channel from plain text; a zero-width space after the
 * `@` keeps them readable and inert (the Discord message also allows no mentions at all).
 */
const CHANNEL_MENTIONS = /@(everyone|here)/gi;

export function escapeMarkdown(text: string): string {
  return text.replace(MARKDOWN_PUNCTUATION, '\\$&').replace(CHANNEL_MENTIONS, '@\u200b$1');
}

/** A cut that ends inside an escape would leave a lone backslash that escapes the ellipsis. */
export function dropDanglingEscape(text: string): string {
  const match = /\\+…$/.exec(text);
  if (!match || (match[0].length - 1) % 2 === 0) {
    return text;
  }

  return `${text.slice(0, match.index)}${match[0].slice(1)}`;
}
