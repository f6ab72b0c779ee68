import { BSONRegExp } from 'bson';
import { MongoCommandError } from '../errors.js';
import { pcreToJs } from './pcre-to-js.js';

/**
 * MongoDB regexes are PCRE (https://www.mongodb.com/docs/manual/reference/operator/query/regex/);
 * the engine runs them as JavaScript RegExps. The `x` option (white space and `#` comments outside
 * character classes are ignored) is applied first, leading inline flags such as `(?i)` become
 * options, then `pcreToJs` rewrites what JavaScript reads differently. A pattern with no JavaScript
 * form, or one JavaScript cannot compile, is refused with mongod's error for an invalid regex
 * (51091) rather than matched differently; an unknown option gives 51108.
 */

type Doc = Record<string, unknown>;

const OPTIONS = new Set(['i', 'm', 's', 'x', 'u']);

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
      // A ']' first in a class (after an optional '^') is a literal, not its end.
      if (pattern[i + 1] === '^') out += pattern[++i] ?? '';
      if (pattern[i + 1] === ']') out += pattern[++i] ?? '';
    } else if (ch === '#') {
      while (i < pattern.length && pattern[i] !== '\n') i++;
    } else if (!/\s/.test(ch)) out += ch;
  }
  return out;
}

const invalid = (detail: string) =>
  new MongoCommandError(51091, 'Location51091', `Regular expression is invalid: ${detail}`);

/** A JavaScript RegExp with MongoDB's meaning of `pattern` and `options`. */
export function toJsRegExp(pattern: string, options: string): RegExp {
  let opts = options;
  let body = pattern;
  const inline = /^\(\?([imsx]+)\)/.exec(body);
  if (inline) {
    opts += inline[1] ?? '';
    body = body.slice(inline[0].length);
  }
  for (const o of opts) {
    if (!OPTIONS.has(o))
      throw new MongoCommandError(51108, 'Location51108', `invalid flag in regex options: ${o}`);
  }
  if (opts.includes('x')) body = stripExtended(body);
  const flags = { i: opts.includes('i'), m: opts.includes('m'), s: opts.includes('s') };
  try {
    return new RegExp(pcreToJs(body, flags), flags.i ? 'i' : '');
  } catch (err) {
    throw invalid(err instanceof Error ? err.message : String(err));
  }
}

/** The BSON regex each translated RegExp came from (`$regex` with `$options` starts again from it). */
const sources = new WeakMap<RegExp, BSONRegExp>();

/**
 * Every BSON regex in a decoded command body, replaced by its JavaScript form where one exists; a
 * pattern without one stays a BSONRegExp, refused (51091) where it is used as a pattern, while an
 * update may still store it. Decoding BSON regexes straight to RegExps would lose the `x` option and
 * turn `s` into JavaScript's `g`.
 */
export function regexesToJs(value: unknown): unknown {
  if (value instanceof BSONRegExp) {
    try {
      const js = toJsRegExp(value.pattern, value.options);
      sources.set(js, value);
      return js;
    } catch {
      return value;
    }
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = regexesToJs(value[i]);
  } else if (isPlain(value)) {
    for (const k of Object.keys(value)) value[k] = regexesToJs(value[k]);
  }
  return value;
}

/** Throws mongod's error for the first regex of `value` that has no JavaScript form. */
export function checkRegexes(value: unknown): void {
  if (value instanceof BSONRegExp) toJsRegExp(value.pattern, value.options);
  else if (Array.isArray(value)) value.forEach(checkRegexes);
  else if (isPlain(value)) Object.values(value).forEach(checkRegexes);
}

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

function translateValue(v: unknown): unknown {
  if (v instanceof RegExp) return v; // translated when the command was decoded
  if (v instanceof BSONRegExp) return toJsRegExp(v.pattern, v.options);
  if (Array.isArray(v)) return v.map(translateValue);
  if (!isPlain(v)) return v;
  if ('$regex' in v) {
    const { $regex: given, $options, ...rest } = v;
    const $regex = given instanceof RegExp ? (sources.get(given) ?? given) : given;
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
