import { Decimal128, Double, type Collection, type Document } from 'mongodb';
import { beforeAll, describe, expect, test } from 'vitest';
import { projectFirst, typedEngineHooks } from './helpers/engine.js';

// `$pow` with a decimal operand and a fractional exponent, as mongod's Decimal128::power: both
// operands as decimal128 (a double first rounded to 15 significant digits, mongod's Decimal128
// constructor default), the power rounded half to even to 34 significant digits. MongoDB's jstests
// (aggregation/expressions/arithmetic.js) and manual only give whole decimal exponents, so no
// authoritative fractional value exists: the expectations below are the exact powers rounded to 34
// digits, computed apart from the engine with Python's decimal module (prec 80, then 34 digits
// ROUND_HALF_EVEN). mongod's Intel library is expected, not proven, to round the same way.
const typed = typedEngineHooks();
let c: Collection;
beforeAll(async () => {
  c = typed.db('decimalPowFractional').collection('c');
  await c.insertOne({ _id: 1 } as Document);
});

const D = (s: string) => Decimal128.fromString(s);
const value = async (expr: Document): Promise<unknown> => (await projectFirst(c, { r: expr })).r;

describe('$pow with a decimal and a fractional exponent', () => {
  test('is computed to 34 significant digits', async () => {
    expect(await value({ $pow: [D('2'), D('0.5')] })).toEqual(D('1.414213562373095048801688724209698'));
    expect(await value({ $pow: [D('10'), D('0.25')] })).toEqual(D('1.778279410038922801225421195192685'));
    expect(await value({ $pow: [D('1.5'), D('2.5')] })).toEqual(D('2.755675960631075360471944584044128'));
    expect(await value({ $pow: [D('0.5'), D('-0.25')] })).toEqual(D('1.189207115002721066717499970560476'));
    expect(await value({ $pow: [D('1.0001'), D('12345.678')] })).toEqual(
      D('3.436680641433237995328116346023276'),
    );
  });

  test('a double operand is first rounded to 15 significant digits', async () => {
    // The double 0.1 is 0.1000000000000000055511…: its exact square root would end …419769730258850243.
    expect(await value({ $pow: [new Double(0.1), D('0.5')] })).toEqual(
      D('0.3162277660168379331998893544432719'),
    );
    expect(await value({ $pow: [D('2'), new Double(0.5)] })).toEqual(
      D('1.414213562373095048801688724209698'),
    );
  });

  test('a huge fractional exponent still gives the power, or infinity past the range', async () => {
    // A step of decimal.js-light's power overflows on the way to either result; neither is an error.
    expect(
      await value({
        $pow: [D('1.000000000000000000000000000000001'), D('123456789012345678901234567890.5')],
      }),
    ).toEqual(D('1.000123464410115344706689342483100'));
    expect(String(await value({ $pow: [D('2'), D('100000000000000000000.5')] }))).toBe('Infinity');
  });

  test('a negative base with a fractional exponent is NaN', async () => {
    expect(String(await value({ $pow: [D('-8'), D('0.5')] }))).toBe('NaN');
    expect(String(await value({ $pow: [new Double(-2), D('1.5')] }))).toBe('NaN');
    expect(await value({ $pow: [D('-8'), D('0.5')] })).toBeInstanceOf(Decimal128);
  });
});
