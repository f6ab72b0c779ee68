/**
 * Rewrites a PCRE pattern (what mongod runs) into a JavaScript one with the same meaning, or throws
 * a `PcreUntranslatable` where JavaScript would silently read it otherwise.
 *
 * Why each rewrite exists (PCRE2 pattern docs, https://www.pcre.org/current/doc/html/pcre2pattern.html):
 * - Anchors and `.` are emitted explicitly, so no JS `m`/`s` flag is used: PCRE's newline is `\n`
 *   only, while JS also ends lines at `\r`, U+2028 and U+2029; PCRE's `$` (without `m`) also
 *   matches before a final newline; `\A`, `\z`, `\Z` do not exist in JS (non-unicode JS reads `\A`
 *   as a literal `A`).
 * - Inline option changes `(?i)` in the middle of a pattern become JS modifier groups `(?i:…)` up to
 *   the end of their group, re-opened after each `|` of that group (PCRE carries them into later
 *   alternatives); `m` and `s` changes are applied by this rewrite itself.
 * - PCRE-only escapes with a JS equivalent (`\h`, `\v`, `\R`, `\e`, `\a`, `\x{…}`, `\Q…\E`) and
 *   POSIX classes (`[:alpha:]`) are spelled out; `(?#…)` comments are dropped; a `]` first in a
 *   class is a literal (JS reads `[]` as an empty class).
 * - Any other backslash-letter JS does not read as PCRE does is refused, as are option letters JS
 *   has no form for.
 */
class PcreUntranslatable extends Error {}

type Flags = { i: boolean; m: boolean; s: boolean };
type Group = { outer: Flags; inlineOpened: string[] };

const ANY_CHAR = '[\\s\\S]';
const END = '(?![\\s\\S])';
const END_OR_FINAL_NEWLINE = '(?=\\n?(?![\\s\\S]))';
const H_SPACE = '\\t \\u00a0\\u1680\\u180e\\u2000-\\u200a\\u202f\\u205f\\u3000';
const V_SPACE = '\\n\\x0b\\f\\r\\x85\\u2028\\u2029';

const POSIX: Record<string, string> = {
  alpha: 'a-zA-Z',
  digit: '0-9',
  alnum: 'a-zA-Z0-9',
  upper: 'A-Z',
  lower: 'a-z',
  space: '\\t\\n\\x0b\\f\\r ',
  blank: ' \\t',
  punct: '!-\\/:-@\\[-`{-~',
  xdigit: '0-9A-Fa-f',
  word: '\\w',
  cntrl: '\\x00-\\x1f\\x7f',
  print: ' -~',
  graph: '!-~',
  ascii: '\\x00-\\x7f',
};

/** Escapes JS reads exactly as PCRE does (outside and inside classes). */
const SAME_ESCAPES = new Set('dDwWsSbBnrtf0123456789'.split(''));

const escapeLiteral = (s: string) => s.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

function hexEscape(pattern: string, at: number): { text: string; end: number } {
  const close = pattern.indexOf('}', at);
  const hex = close > at ? pattern.slice(at + 1, close) : '';
  if (!/^[0-9a-fA-F]{1,4}$/.test(hex)) throw new PcreUntranslatable(`\\x{${hex}} is not supported`);
  return { text: `\\u${hex.padStart(4, '0')}`, end: close };
}

/** One escape at `pattern[at] === '\\'`; returns its JS text and the index of its last character. */
function escape(pattern: string, at: number, inClass: boolean): { text: string; end: number } {
  const c = pattern[at + 1] ?? '';
  if (c === '') throw new PcreUntranslatable('\\ at end of pattern');
  if (c === 'Q') {
    // \Q…\E: everything up to \E (or the end) is literal.
    const close = pattern.indexOf('\\E', at + 2);
    const stop = close < 0 ? pattern.length : close;
    return {
      text: escapeLiteral(pattern.slice(at + 2, stop)),
      end: close < 0 ? pattern.length - 1 : close + 1,
    };
  }
  if (!/[a-zA-Z0-9]/.test(c)) return { text: `\\${c}`, end: at + 1 };
  if (SAME_ESCAPES.has(c)) return { text: `\\${c}`, end: at + 1 };
  if (c === 'x') {
    if (pattern[at + 2] === '{') return hexEscape(pattern, at + 2);
    const hex = /^[0-9a-fA-F]{1,2}/.exec(pattern.slice(at + 2))?.[0] ?? '';
    return { text: `\\x${hex.padStart(2, '0')}`, end: at + 1 + hex.length };
  }
  if (c === 'c' && /[a-zA-Z]/.test(pattern[at + 2] ?? ''))
    return { text: `\\c${pattern[at + 2] ?? ''}`, end: at + 2 };
  if (c === 'e') return { text: '\\x1b', end: at + 1 };
  if (c === 'a') return { text: '\\x07', end: at + 1 };
  if (c === 'h') return { text: inClass ? H_SPACE : `[${H_SPACE}]`, end: at + 1 };
  if (c === 'v') return { text: inClass ? V_SPACE : `[${V_SPACE}]`, end: at + 1 };
  if (!inClass) {
    if (c === 'H') return { text: `[^${H_SPACE}]`, end: at + 1 };
    if (c === 'V') return { text: `[^${V_SPACE}]`, end: at + 1 };
    if (c === 'R') return { text: `(?:\\r\\n|[${V_SPACE}])`, end: at + 1 };
    if (c === 'A') return { text: '^', end: at + 1 };
    if (c === 'z') return { text: END, end: at + 1 };
    if (c === 'Z') return { text: END_OR_FINAL_NEWLINE, end: at + 1 };
  }
  throw new PcreUntranslatable(`\\${c} has no JavaScript equivalent`);
}

/** A character class starting at `pattern[at] === '['`; returns its JS text and its last index. */
function charClass(pattern: string, at: number): { text: string; end: number } {
  let i = at + 1;
  let out = '[';
  if (pattern[i] === '^') {
    out += '^';
    i++;
  }
  if (pattern[i] === ']') {
    out += '\\]';
    i++;
  }
  for (; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === ']') return { text: `${out}]`, end: i };
    if (ch === '\\') {
      const e = escape(pattern, i, true);
      out += e.text;
      i = e.end;
    } else if (ch === '[' && pattern[i + 1] === ':') {
      const close = pattern.indexOf(':]', i + 2);
      const name = close < 0 ? '' : pattern.slice(i + 2, close);
      const set = POSIX[name];
      if (set === undefined) throw new PcreUntranslatable(`POSIX class [:${name}:] is not supported`);
      out += set;
      i = close + 1;
    } else if (ch === '[') out += '\\[';
    else out += ch;
  }
  throw new PcreUntranslatable('missing terminating ] for character class');
}

function applyOptions(flags: Flags, letters: string): Flags {
  const next = { ...flags };
  let on = true;
  for (const l of letters) {
    if (l === '-') on = false;
    else if (l === 'i' || l === 'm' || l === 's') next[l] = on;
    else throw new PcreUntranslatable(`inline option ${l} is not supported`);
  }
  return next;
}

/** The JS modifier group that switches `i` from `from` to `to` ('' when it stays). */
const iModifier = (from: Flags, to: Flags) => (from.i === to.i ? '' : to.i ? '(?i:' : '(?-i:');

/**
 * `pattern` (PCRE, with options `flags`) as a JS pattern to compile with flag `i` iff `flags.i`
 * (and no `m`/`s`: they are applied here). `^` stays `^` without `m`: JS reads it as the start of
 * the input then, as PCRE does.
 */
export function pcreToJs(pattern: string, flags: Flags): string {
  let out = '';
  let cur = flags;
  const groups: Group[] = [{ outer: flags, inlineOpened: [] }];
  const top = () => groups[groups.length - 1] ?? { outer: flags, inlineOpened: [] };
  const closeInline = (g: Group) => ')'.repeat(g.inlineOpened.length);
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') {
      const e = escape(pattern, i, false);
      out += e.text;
      i = e.end;
    } else if (ch === '[') {
      const c = charClass(pattern, i);
      out += c.text;
      i = c.end;
    } else if (ch === '.') out += cur.s ? ANY_CHAR : '[^\\n]';
    else if (ch === '^') out += cur.m ? '(?<![^\\n])' : '^';
    else if (ch === '$') out += cur.m ? '(?![^\\n])' : END_OR_FINAL_NEWLINE;
    else if (ch === '(') {
      const rest = pattern.slice(i);
      const comment = /^\(\?#[^)]*\)/.exec(rest);
      const option = /^\(\?([a-zA-Z-]*)([:)])/.exec(rest);
      if (comment) {
        i += comment[0].length - 1;
      } else if (option && option[2] === ')') {
        // (?i) : changes the options up to the end of the enclosing group.
        const next = applyOptions(cur, option[1] ?? '');
        const mod = iModifier(cur, next);
        if (mod) {
          out += mod;
          top().inlineOpened.push(mod);
        }
        cur = next;
        i += option[0].length - 1;
      } else if (option) {
        // (?i:...) : a group with its own options.
        const next = applyOptions(cur, option[1] ?? '');
        groups.push({ outer: cur, inlineOpened: [] });
        out += iModifier(cur, next) || '(?:';
        cur = next;
        i += option[0].length - 1;
      } else {
        groups.push({ outer: cur, inlineOpened: [] });
        out += '(';
      }
    } else if (ch === ')') {
      const g = groups.pop();
      if (!g || groups.length === 0) throw new PcreUntranslatable('unmatched closing parenthesis');
      out += `${closeInline(g)})`;
      cur = g.outer;
    } else if (ch === '|') {
      const g = top();
      // Options changed in one alternative stay changed in the next ones of the same group.
      out += `${closeInline(g)}|${g.inlineOpened.join('')}`;
    } else out += ch;
  }
  if (groups.length !== 1) throw new PcreUntranslatable('missing closing parenthesis');
  return out + closeInline(top());
}
