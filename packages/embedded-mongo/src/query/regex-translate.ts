import { BSONRegExp } from 'bson';
import { MongoCommandError } from '../errors.js';

/**
 * MongoDB regexes are PCRE (https://www.mongodb.com/docs/manual/reference/operator/query/regex/);
 * the engine runs them as JavaScript RegExps. Translated here: the `x` option (white space and
 * `#` comments outside character classes are ignored), and leading inline flags such as `(?i)` or
 * `(?im)`. A pattern JavaScript cannot compile is refused with mongod's error for an invalid
 * regex (51091) rather than matched differently; an unknown option gives 51108.
 */

type Doc = Record<string, unknown>;

const OPTION_FLAGS: Record<string, string> = { i: 'i', m: 'm', s: 's', x: '', u: '' };

function stripExtended(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') {
      out += ch + (pattern[i + 1] ?? '');
      i++;
    } else if (inClass) {
      if (ch === ']') inClass = false;
      out += ch;
    } else if (ch === '[') {
      inClass = true;
      out += ch;
    } else if (ch === '#') {
      while (i < pattern.length && pattern[i] !== '\n') i++;
    } else if (!/\s/.test(ch)) out += ch;
  }
  return out;
}

/** A JavaScript RegExp with MongoDB's meaning of `pattern` and `options`. */
function toJsRegExp(pattern: string, options: string): RegExp {
  let opts = options;
  let body = pattern;
  const inline = /^\(\?([imsx]+)\)/.exec(body);
  if (inline) {
    opts += inline[1] ?? '';
    body = body.slice(inline[0].length);
  }
  let flags = '';
  for (const o of opts) {
    const flag = OPTION_FLAGS[o];
    if (flag === undefined)
      throw new MongoCommandError(51108, 'Location51108', `invalid flag in regex options: ${o}`);
    if (flag && !flags.includes(flag)) flags += flag;
  }
  if (opts.includes('x')) body = stripExtended(body);
  try {
    return new RegExp(body, flags);
  } catch (err) {
    throw new MongoCommandError(
      51091,
      'Location51091',
      `Regular expression is invalid: ${err instanceof Error ? err.message : String(err)}`,
    );
  }
}

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function translateValue(v: unknown): unknown {
  if (v instanceof RegExp) return /^\(\?[imsx]+\)/.test(v.source) ? toJsRegExp(v.source, v.flags) : v;
  if (v instanceof BSONRegExp) return toJsRegExp(v.pattern, v.options);
  if (Array.isArray(v)) return v.map(translateValue);
  if (!isPlain(v)) return v;
  if ('$regex' in v) {
    const { $regex, $options, ...rest } = v;
    const source =
      $regex instanceof RegExp ? $regex.source : $regex instanceof BSONRegExp ? $regex.pattern : $regex;
    const baseFlags =
      $regex instanceof RegExp ? $regex.flags : $regex instanceof BSONRegExp ? $regex.options : '';
    if (typeof source !== 'string') return v; // refused by the filter checks
    const options = typeof $options === 'string' ? $options : '';
    return { $regex: toJsRegExp(source, baseFlags + options), ...translateFilter(rest) };
  }
  return translateFilter(v);
}

/** The filter with every regex in MongoDB's meaning (see above); other values are kept as they are. */
export function translateFilter(filter: Doc): Doc {
  let out: Doc | undefined;
  for (const [k, v] of Object.entries(filter)) {
    const next = translateValue(v);
    if (next !== v) {
      out ??= { ...filter };
      out[k] = next;
    }
  }
  return out ?? filter;
}
