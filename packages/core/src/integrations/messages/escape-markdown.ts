/**
 * Makes submitted text inert in the Markdown dialects of Discord and of Teams' Adaptive Cards, while
 * leaving every character that formats nothing as it was typed (`jane@example.com`, `E-mail`,
 * `3.5`), so a message reads like the submission. A backslash, which both render as the plain
 * character, goes before:
 * - what formats, links or mentions wherever it stands (emphasis, code, spoilers, `[text](url)`,
 *   `<@id>`, `<#id>`, `<at>`);
 */
const INLINE_MARKUP = /[\\`*_~|<>[\]]/g;
/**
 * - what starts a heading, a list or a rule only at the start of a line and before a space, the
 *   line's end or more of the same (`# `, `- `, `-# `, `---`), not `-5` or `#tag`;
 */
const LINE_START_MARKUP = /^([ \t]*)([#+=-])(?=[ \t#+=-]|$)/gm;
/** - the `.` or `)` of an ordered list's number (`1. `) at the start of a line, not `3.5`; */
const ORDERED_LIST = /^([ \t]*\d+)([.)])(?=[ \t]|$)/gm;
/** - the `:` of a scheme's `://`, so a submitted URL is never made a link by the platform. */
const AUTOLINK_SCHEME = /:(?=\/\/)/g;

/**
 * `@everyone` and `@here` ping a whole Discord channel from plain text; a zero-width space after the
 * `@` keeps them readable and inert (the Discord message also allows no mentions at all).
 */
const CHANNEL_MENTIONS = /@(everyone|here)/gi;

export function escapeMarkdown(text: string): string {
  return text
    .replace(INLINE_MARKUP, '\\$&')
    .replace(LINE_START_MARKUP, '$1\\$2')
    .replace(ORDERED_LIST, '$1\\$2')
    .replace(AUTOLINK_SCHEME, '\\:')
    .replace(CHANNEL_MENTIONS, '@\u200b$1');
}

/** A cut that ends inside an escape would leave a lone backslash that escapes the ellipsis. */
export function dropDanglingEscape(text: string): string {
  const match = /\\+…$/.exec(text);
  if (!match || (match[0].length - 1) % 2 === 0) {
    return text;
  }

  return `${text.slice(0, match.index)}${match[0].slice(1)}`;
}
