import type { Collection, Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { serverError, startTestEngine, type TestEngine } from './helpers/engine.js';

// The engine runs no user JavaScript and answers as a mongod with scripting disabled
// (`--noscripting`, `security.javascriptEnabled: false`). Codes and texts from mongod's source:
// ExpressionContext::getJsExecWithScope (31264, asked when $function/$accumulator code would run),
// JsFunction::_init behind $where (6108304, at parse) and the match-expression parser, which
// refuses $where in an aggregation $match whatever the script engine (BadValue; jstest
// aggregation/bugs/server6335.js).
let t: TestEngine;
let c: Collection;
let empty: Collection;
beforeAll(async () => {
  t = await startTestEngine();
  c = t.client.db('scripting').collection('c');
  empty = t.client.db('scripting').collection('empty');
  await c.insertMany([{ _id: 1, n: 1 } as Document, { _id: 2, n: 2 } as Document]);
});
afterAll(async () => {
  await t.stop();
});

const NO_ENGINE = 'Cannot run server-side javascript without the javascript engine enabled';
const fn = { body: 'function(n) { return n * 2; }', args: ['$n'], lang: 'js' };
const acc = {
  init: 'function() { return 0; }',
  accumulate: 'function(s, n) { return s + n; }',
  accumulateArgs: ['$n'],
  merge: 'function(a, b) { return a + b; }',
  lang: 'js',
};

describe('server-side JavaScript is refused with the codes of a mongod without a script engine', () => {
  test('$function: 31264 when it would run', async () => {
    const err = await serverError(() => c.aggregate([{ $project: { d: { $function: fn } } }]).toArray());
    expect([err.code, err.codeName, err.message]).toEqual([31264, 'Location31264', NO_ENGINE]);
    const inExpr = await serverError(() => c.find({ $expr: { $function: fn } }).toArray());
    expect(inExpr.code).toBe(31264);
    // Nothing to evaluate, nothing refused (mongod asks for its engine on evaluation only).
    expect(await empty.aggregate([{ $project: { d: { $function: fn } } }]).toArray()).toEqual([]);
  });

  test('$accumulator: 31264 when a group has a document', async () => {
    const err = await serverError(() =>
      c.aggregate([{ $group: { _id: null, s: { $accumulator: acc } } }]).toArray(),
    );
    expect([err.code, err.codeName, err.message]).toEqual([31264, 'Location31264', NO_ENGINE]);
    expect(await empty.aggregate([{ $group: { _id: null, s: { $accumulator: acc } } }]).toArray()).toEqual(
      [],
    );
  });

  test('$where: 6108304 when the filter is parsed, also over no documents', async () => {
    const where = { $where: 'this.n === 1' };
    const err = await serverError(() => c.find(where).toArray());
    expect([err.code, err.codeName, err.message]).toEqual([
      6108304,
      'Location6108304',
      'no globalScriptEngine in $where parsing',
    ]);
    expect((await serverError(() => empty.find(where).toArray())).code).toBe(6108304);
    expect((await serverError(() => c.find({ $and: [where] }).toArray())).code).toBe(6108304);
  });

  test('$where in an aggregation $match (countDocuments is one): 2 BadValue', async () => {
    const err = await serverError(() => c.aggregate([{ $match: { $where: 'true' } }]).toArray());
    expect([err.code, err.codeName, err.message]).toEqual([
      2,
      'BadValue',
      '$where is not allowed in this context',
    ]);
    const counted = await serverError(() => c.countDocuments({ $where: 'true' }));
    expect([counted.code, counted.message]).toEqual([2, '$where is not allowed in this context']);
  });
});
