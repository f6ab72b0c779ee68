import { BSONRegExp, type Collection } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

/**
 * mongod runs regexes with PCRE; expectations from the $regex page
 * (https://www.mongodb.com/docs/manual/reference/operator/query/regex/) and PCRE2's pattern syntax
 * (https://www.pcre.org/current/doc/html/pcre2pattern.html): newline is `\n` only, `$` also matches
 * before a final newline, `\A`/`\z`/`\Z` anchor the subject, inline options apply to the rest of
 * their group (and its later alternatives).
 */
let t: TestEngine;
let c: Collection<{ s: string }>;
const SUBJECTS = ['Hello World', 'hello', 'a\nb', 'abc\n', 'a\rb', ']x', 'Ahelloz'];
beforeAll(async () => {
  t = await startTestEngine();
  c = t.db('regex').collection('s');
  await c.insertMany(SUBJECTS.map((s) => ({ s })));
});
afterAll(async () => {
  await t.stop();
});

const matching = async (q: unknown) =>
  (await c.find({ s: q as never }, { sort: { _id: 1 } }).toArray()).map((d) => d.s);

describe('BSON regex values keep their options', () => {
  test('the x option of a regex value ignores white space', async () => {
    expect(await matching(new BSONRegExp('^hel lo # a comment\n$', 'x'))).toEqual(['hello']);
  });
  test('the s option lets . match a newline (and only it adds that)', async () => {
    expect(await matching(new BSONRegExp('^a.b$', 's'))).toEqual(['a\nb', 'a\rb']);
    expect(await matching(new BSONRegExp('^a.b$', ''))).toEqual(['a\rb']);
  });
  test('$in and $not take regex values with their options', async () => {
    expect(await matching({ $in: [new BSONRegExp('WORLD', 'i')] })).toEqual(['Hello World']);
    expect(await matching({ $not: new BSONRegExp('l|x', '') })).toEqual(['a\nb', 'abc\n', 'a\rb']);
  });
});

describe('anchors and newlines as PCRE reads them', () => {
  test('$ matches at the end and before a final newline; \\z only at the very end', async () => {
    expect(await matching({ $regex: 'abc$' })).toEqual(['abc\n']);
    expect(await matching({ $regex: 'abc\\Z' })).toEqual(['abc\n']);
    expect(await matching({ $regex: 'abc\\z' })).toEqual([]);
  });
  test('\\A and \\z anchor the subject (JavaScript alone would read them as letters)', async () => {
    expect(await matching({ $regex: '\\Ahello\\z' })).toEqual(['hello']);
  });
  test('with m, ^ and $ work at \\n line breaks only', async () => {
    expect(await matching({ $regex: '^b$', $options: 'm' })).toEqual(['a\nb']);
  });
});

describe('inline options', () => {
  test('a leading (?i) applies to the whole pattern', async () => {
    expect(await matching({ $regex: '(?i)^HELLO' })).toEqual(['Hello World', 'hello']);
  });
  test('(?i) in the middle applies from there to the end of its group, across later alternatives', async () => {
    expect(await matching({ $regex: '^H(?i)ELLO ' })).toEqual(['Hello World']);
    expect(await matching({ $regex: 'x(?i)Q|^HELLO$' })).toEqual(['hello']);
    expect(await matching({ $regex: '(?i:HELLO) world' })).toEqual([]);
    expect(await matching({ $regex: '(?i:HELLO) World' })).toEqual(['Hello World']);
  });
});

describe('PCRE syntax JavaScript spells differently', () => {
  test('a ] first in a class is a literal', async () => {
    expect(await matching({ $regex: '^[]]x' })).toEqual([']x']);
  });
  test('POSIX classes, \\h, \\Q…\\E and (?#…) comments', async () => {
    expect(await matching({ $regex: '^[[:alpha:]]+$' })).toEqual(['hello', 'abc\n', 'Ahelloz']);
    expect(await matching({ $regex: 'Hello\\hWorld' })).toEqual(['Hello World']);
    expect(await matching({ $regex: '\\Q]x\\E' })).toEqual([']x']);
    expect(await matching({ $regex: '^hel(?#a comment)lo$' })).toEqual(['hello']);
  });
});

describe('patterns without a JavaScript form are refused with 51091, never matched differently', () => {
  test.each([
    ['an atomic group', '(?>a)'],
    ['a possessive quantifier', 'a++'],
    ['a Unicode property', '\\p{L}'],
    ['\\u (PCRE has no such escape)', '\\u0041'],
  ])('%s', async (_name, pattern) => {
    const err = await serverError(() => c.find({ s: { $regex: pattern } }).toArray());
    expect(err.code).toBe(51091);
    const agg = await serverError(() =>
      c.aggregate([{ $project: { s: 1 } }, { $match: { s: new BSONRegExp(pattern, '') } }]).toArray(),
    );
    expect(agg.code).toBe(51091);
  });
});
