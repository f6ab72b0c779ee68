import { Decimal128, Double, Int32, Long, type Collection, type Document } from 'mongodb';
import { beforeAll, describe, expect, test } from 'vitest';
import { projectFirst, serverError, typedEngineHooks } from './helpers/engine.js';

// $round, $trunc and $pow as mongod computes them in decimal128. Expectations from MongoDB's
// jstests aggregation/expressions/round_trunc.js (places, decimal exponents, overflow, argument
// codes) and aggregation/expressions/arithmetic.js ($pow with a decimal operand answers
// 34 significant digits), and from the manual's $round page (half to even: "$round: [2.5]" is 2,
// and a double is rounded on its decimal value).
const typed = typedEngineHooks();
let c: Collection;
beforeAll(async () => {
  c = typed.db('decimalMath').collection('c');
  await c.insertOne({ _id: 1 } as Document);
});

const D = (s: string) => Decimal128.fromString(s);
const value = async (expr: Document): Promise<unknown> => (await projectFirst(c, { r: expr })).r;
const codeOf = async (expr: Document) => Number((await serverError(() => projectFirst(c, { r: expr }))).code);

describe('$round and $trunc to a number of places', () => {
  test('doubles are rounded on their decimal digits, half to even', async () => {
    expect(await value({ $round: [new Double(1.298), 1] })).toEqual(new Double(1.3));
    expect(await value({ $trunc: [new Double(1.298), 1] })).toEqual(new Double(1.2));
    expect(await value({ $round: [new Double(23.298), -1] })).toEqual(new Double(20));
    expect(await value({ $trunc: [new Double(1.298), 100] })).toEqual(new Double(1.298));
    expect(await value({ $round: [new Double(2.5), 0] })).toEqual(new Double(2));
    expect(await value({ $round: [new Double(0.125), 2] })).toEqual(new Double(0.12));
    // The double nearest 2.675 is 2.67499999999999982..., which rounds down.
    expect(await value({ $round: [new Double(2.675), 2] })).toEqual(new Double(2.67));
  });

  test('decimals keep the exponent of the place, up to 34 digits', async () => {
    expect(await value({ $trunc: D('-1.6') })).toEqual(D('-1'));
    expect(await value({ $round: D('-1.6') })).toEqual(D('-2'));
    expect(await value({ $round: [D('1.298'), 1] })).toEqual(D('1.3'));
    expect(await value({ $trunc: [D('23.298'), -1] })).toEqual(D('2E+1'));
    expect(await value({ $round: [D('23.298'), -1] })).toEqual(D('2E+1'));
    const long = D('1.298912343250054252245154325');
    expect(await value({ $trunc: [long, Long.fromNumber(20)] })).toEqual(D('1.29891234325005425224'));
    expect(await value({ $round: [long, Long.fromNumber(20)] })).toEqual(D('1.29891234325005425225'));
    expect(await value({ $round: [D('1.298'), D('100')] })).toEqual(D('1.298000000000000000000000000000000'));
    expect(await value({ $round: [D('Infinity'), 0] })).toEqual(D('Infinity'));
  });

  test('integers keep their type; an int32 grows into an int64, an int64 overflow is refused', async () => {
    expect(await value({ $trunc: Long.fromNumber(4) })).toEqual(Long.fromNumber(4));
    expect(await value({ $round: [new Int32(2147483647), -1] })).toEqual(Long.fromNumber(2147483650));
    expect(await codeOf({ $round: [Long.fromString('9223372036854775806'), -1] })).toBe(51080);
  });

  test('argument checks answer mongod codes', async () => {
    expect(await codeOf({ $round: [1, 2, 3] })).toBe(28667);
    expect(await codeOf({ $trunc: [1, 2, 3] })).toBe(28667);
    expect(await codeOf({ $round: 'string' })).toBe(51081);
    expect(await codeOf({ $round: [1, Long.fromNumber(101)] })).toBe(51083);
    expect(await codeOf({ $trunc: [1, new Int32(-21)] })).toBe(51083);
    expect(await codeOf({ $round: [1, D('1.4')] })).toBe(51082);
    expect(await codeOf({ $trunc: [1, new Double(10.5)] })).toBe(51082);
    expect(await codeOf({ $round: [1, 'x'] })).toBe(16004);
    expect(await value({ $round: [1, null] })).toBeNull();
  });
});

describe('$pow with a decimal operand is computed in decimal', () => {
  test('whole exponents give the exact power with 34 significant digits', async () => {
    expect(await value({ $pow: [D('10.0'), -2] })).toEqual(D('0.01000000000000000000000000000000000'));
    expect(await value({ $pow: [new Double(0.5), D('-1')] })).toEqual(
      D('2.000000000000000000000000000000000'),
    );
    expect(await value({ $pow: [-2, D('2')] })).toEqual(D('4.000000000000000000000000000000000'));
    expect(await value({ $pow: [D('-2.0'), new Int32(2)] })).toEqual(
      D('4.000000000000000000000000000000000'),
    );
    expect(await value({ $pow: [D('10.0'), 2] })).toEqual(D('100.0000000000000000000000000000000'));
    expect(await value({ $pow: [new Int32(5), D('-112')] })).toEqual(
      D('5192296858534827628530496329220096E-112'),
    );
  });

  test('null gives null, NaN a decimal NaN, 0 to a negative power 28764', async () => {
    expect(await value({ $pow: [null, D('2')] })).toBeNull();
    expect(String(await value({ $pow: [new Double(NaN), D('2')] }))).toBe('NaN');
    expect(await codeOf({ $pow: [D('0'), Long.fromNumber(-1)] })).toBe(28764);
    expect(await codeOf({ $pow: ['string', D('5')] })).toBe(28762);
  });
});
