import fc from 'fast-check';
import { Decimal128, Double, Int32, Long, type Collection, type Document } from 'mongodb';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startTestEngine, type TestEngine } from './helpers/engine.js';
import {
  NUMERIC_KINDS,
  compare,
  compareForSort,
  equalityMatches,
  exactFraction,
  greaterMatches,
  inMatches,
  lessMatches,
  numericKind,
  type NumericKind,
  type Value,
} from './helpers/bson-order-model.js';

// Property-based differential tests: random documents with mixed BSON types, answered by the engine
// through the official driver and by a reference model written from the manual's comparison and
// sort-order rules (helpers/bson-order-model.ts). Seeded, so a failure is reproducible.
const RUNS = { numRuns: 60, seed: 20261123 };
const PROPERTY_TIMEOUT_MS = 180_000; // hundreds of driver round trips: slow on a busy machine

let t: TestEngine;
let n = 0;
beforeAll(async () => {
  t = await startTestEngine();
});
afterAll(async () => {
  await t.stop();
});

type IdDoc = { _id: number } & Document;
function freshCollection(): Collection<IdDoc> {
  return t.db('prop').collection<IdDoc>(`c${String(n++)}`);
}

const int32 = fc.oneof(fc.integer({ min: -3, max: 3 }), fc.integer()).map((x) => new Int32(x));
const int64 = fc
  .oneof(
    fc.bigInt({ min: -3n, max: 3n }),
    fc.bigInt({ min: 2n ** 53n - 3n, max: 2n ** 53n + 3n }),
    fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  )
  .map((x) => Long.fromBigInt(x));
const double = fc
  .oneof(
    fc.integer({ min: -3, max: 3 }),
    fc.constantFrom(0.5, -0.5, 2 ** 53, 2 ** 53 + 2, 1e300),
    fc.double({ min: -10, max: 10, noNaN: true }),
  )
  .map((x) => new Double(x));
const decimal = fc
  .oneof(
    fc
      .tuple(fc.integer({ min: -30, max: 30 }), fc.integer({ min: -2, max: 1 }))
      .map(([c, e]) => `${String(c)}E${String(e)}`),
    fc.constantFrom('9007199254740992.5', '9007199254740993', '0.1', '2.50'),
  )
  .map((s) => Decimal128.fromString(s));
const number = fc.oneof(int32, int64, double, decimal);
const scalar = fc.oneof(number, fc.constantFrom('', 'a', 'ab', 'b', 'B'), fc.constant(null), fc.boolean());
const smallScalar = fc.oneof(
  fc.integer({ min: 0, max: 2 }).map((x) => new Int32(x)),
  fc.constantFrom('a', null),
);
const document = fc
  .tuple(smallScalar, smallScalar, fc.boolean())
  .map(([a, b, swap]) => (swap ? { b, a } : { a, b }));
const array = fc.array(fc.oneof(scalar, document), { maxLength: 3 });
const value: fc.Arbitrary<Value> = fc.oneof(
  { weight: 5, arbitrary: scalar },
  { weight: 2, arbitrary: document },
  { weight: 2, arbitrary: array },
  { weight: 1, arbitrary: fc.constant(undefined) }, // missing field
);

async function insertAll(c: Collection<IdDoc>, values: Value[]): Promise<void> {
  await c.insertMany(values.map((v, i) => (v === undefined ? { _id: i } : { _id: i, v })));
}

const idsOf = (docs: IdDoc[]) => docs.map((d) => d._id);

describe('differential against the manual’s comparison rules (fast-check)', () => {
  test(
    'sort order of mixed types, documents and arrays, both directions',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(value, { minLength: 1, maxLength: 12 }),
          fc.boolean(),
          async (values: Value[], indexed: boolean) => {
            const c = freshCollection();
            await insertAll(c, values);
            if (indexed) await c.createIndex({ v: 1 });
            for (const dir of [1, -1] as const) {
              const got = idsOf(await c.find().sort({ v: dir, _id: 1 }).toArray());
              const want = values
                .map((v, i) => ({ v, i }))
                .sort((x, y) => compareForSort(x.v, y.v, dir) || x.i - y.i)
                .map((x) => x.i);
              expect({ dir, got }).toEqual({ dir, got: want });
            }
            await c.drop();
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    'equality and $gt queries, with and without an index',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(value, { minLength: 1, maxLength: 12 }),
          fc.oneof(value, scalar),
          scalar,
          fc.boolean(),
          async (values: Value[], probe: Value, bound: Value, indexed: boolean) => {
            const c = freshCollection();
            await insertAll(c, values);
            if (indexed) await c.createIndex({ v: 1 });
            const q = probe === undefined ? null : probe;
            const eq = idsOf(await c.find({ v: q }).sort({ _id: 1 }).toArray());
            expect({ q, eq }).toEqual({
              q,
              eq: values.flatMap((v, i) => (equalityMatches(v, q) ? [i] : [])),
            });
            if (bound !== null) {
              const gt = idsOf(
                await c
                  .find({ v: { $gt: bound } })
                  .sort({ _id: 1 })
                  .toArray(),
              );
              expect({ bound, gt }).toEqual({
                bound,
                gt: values.flatMap((v, i) => (greaterMatches(v, bound) ? [i] : [])),
              });
            }
            await c.drop();
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    '$in, $nin, $ne, $all, $exists, $lt and $lte (null matching missing), with and without an index',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(value, { minLength: 1, maxLength: 10 }),
          fc.array(fc.oneof(scalar, document, fc.array(scalar, { maxLength: 2 })), {
            minLength: 1,
            maxLength: 3,
          }),
          scalar,
          fc.boolean(),
          async (values: Value[], list: Value[], bound: Value, indexed: boolean) => {
            const c = freshCollection();
            await insertAll(c, values);
            if (indexed) await c.createIndex({ v: 1 });
            const select = async (filter: Document) => idsOf(await c.find(filter).sort({ _id: 1 }).toArray());
            const model = (test: (v: Value) => boolean) => values.flatMap((v, i) => (test(v) ? [i] : []));
            const got = {
              in: await select({ v: { $in: list } }),
              nin: await select({ v: { $nin: list } }),
              ne: await select({ v: { $ne: list[0] } }),
              all: await select({ v: { $all: list } }),
              exists: await select({ v: { $exists: true } }),
              lt: await select({ v: { $lt: bound } }),
              lte: await select({ v: { $lte: bound } }),
            };
            expect({ list, bound, got }).toEqual({
              list,
              bound,
              got: {
                in: model((v) => inMatches(v, list)),
                nin: model((v) => !inMatches(v, list)),
                ne: model((v) => !inMatches(v, [list[0]])),
                all: model((v) => list.every((q) => inMatches(v, [q]))),
                exists: model((v) => v !== undefined),
                lt: model((v) => lessMatches(v, bound, false)),
                lte: model((v) => lessMatches(v, bound, true)),
              },
            });
            await c.drop();
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    '$inc result types and values (int32 < int64 < double < decimal; int32 overflow → int64)',
    async () => {
      const c = freshCollection();
      const numeric = fc.oneof(int32, int64, double, fc.constant(undefined));
      await fc.assert(
        fc.asyncProperty(numeric, fc.oneof(int32, int64, double), async (current, operand) => {
          await c.deleteMany({});
          await c.insertOne(current === undefined ? { _id: 1 } : { _id: 1, v: current });
          const kinds = [operand, ...(current === undefined ? [] : [current])].map(numericKind);
          let kind: NumericKind = kinds.reduce((a, b) =>
            NUMERIC_KINDS.indexOf(a) >= NUMERIC_KINDS.indexOf(b) ? a : b,
          );
          const [on, od] = exactFraction(operand);
          const [cn, cd] = current === undefined ? [0n, 1n] : exactFraction(current);
          const exact = on * cd + cn * od; // over od * cd
          let overflow = false;
          if (kind !== 'double' && kind !== 'decimal') {
            const sum = exact / (od * cd);
            if (kind === 'int' && (sum < -(2n ** 31n) || sum >= 2n ** 31n)) kind = 'long';
            if (sum < -(2n ** 63n) || sum >= 2n ** 63n) overflow = true;
          }
          const res = await c.updateOne({ _id: 1 }, { $inc: { v: operand } }).then(
            () => 'ok',
            () => 'error',
          );
          expect(res).toBe(overflow ? 'error' : 'ok');
          if (overflow) return;
          const doc = await c.findOne({ _id: 1 }, { promoteValues: false, promoteLongs: false });
          const v: unknown = doc?.v;
          expect(numericKind(v)).toBe(kind);
          if (kind === 'double') {
            const plain = (x: unknown) =>
              x instanceof Int32 || x instanceof Double ? x.value : Number((x as Long).toBigInt());
            expect((v as Double).value).toBe(plain(operand) + (current === undefined ? 0 : plain(current)));
          } else {
            const [vn, vd] = exactFraction(v);
            expect(vn * od * cd).toBe(exact * vd);
          }
        }),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  test(
    '$sum over int32, int64 and decimal values is exact and typed',
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.oneof(int32, int64, decimal), {
            minLength: 1,
            maxLength: 8,
          }),
          async (values) => {
            const c = freshCollection();
            await c.insertMany(values.map((v, i) => ({ _id: i, v })));
            const [row] = await c
              .aggregate([{ $group: { _id: null, s: { $sum: '$v' } } }], {
                promoteValues: false,
                promoteLongs: false,
              })
              .toArray();
            const kinds = values.map(numericKind);
            const fractions = values.map(exactFraction);
            const den = fractions.reduce((d, [, x]) => (x > d ? x : d), 1n); // powers of ten: the largest divides all
            const num = fractions.reduce((s, [x, d]) => s + x * (den / d), 0n);
            let kind: NumericKind = kinds.includes('decimal')
              ? 'decimal'
              : kinds.includes('long')
                ? 'long'
                : 'int';
            if (kind === 'int' && (num < -(2n ** 31n) || num >= 2n ** 31n)) kind = 'long';
            if (kind === 'long' && (num < -(2n ** 63n) || num >= 2n ** 63n)) {
              // Beyond int64 the sum is a double (near the exact sum; mongod adds in doubles then).
              expect(numericKind(row?.s)).toBe('double');
              expect(Math.abs((row?.s as Double).value - Number(num))).toBeLessThanOrEqual(
                Math.abs(Number(num)) * 2 ** -50,
              );
              await c.drop();
              return;
            }
            expect(numericKind(row?.s)).toBe(kind);
            const [sn, sd] = exactFraction(row?.s);
            expect(sn * den).toBe(num * sd);
            await c.drop();
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
  test(
    '$add/$subtract/$multiply result types and values (int32 overflow → int64, int64 overflow → double)',
    async () => {
      const c = freshCollection();
      const ops = {
        $add: { big: (x: bigint, y: bigint) => x + y, float: (x: number, y: number) => x + y },
        $subtract: { big: (x: bigint, y: bigint) => x - y, float: (x: number, y: number) => x - y },
        $multiply: { big: (x: bigint, y: bigint) => x * y, float: (x: number, y: number) => x * y },
      };
      // Doubles (whole ones included: a stored 2.0 is a double, not an int32) with any type but a
      // decimal: a double meets a decimal only after a conversion the model does not compute.
      const operand = fc.oneof(int32, int64, double, decimal);
      const approximate = (v: Value): number =>
        v instanceof Long ? Number(v.toBigInt()) : (v as Int32 | Double).value;
      await fc.assert(
        fc.asyncProperty(
          operand,
          operand,
          fc.constantFrom('$add', '$subtract', '$multiply'),
          async (a, b, name) => {
            const kinds = [a, b].map(numericKind);
            fc.pre(!(kinds.includes('decimal') && kinds.includes('double')));
            await c.deleteMany({});
            await c.insertOne({ _id: 1, a, b });
            const [row] = await c
              .aggregate([{ $project: { r: { [name]: ['$a', '$b'] } } }], {
                promoteValues: false,
                promoteLongs: false,
              })
              .toArray();
            const op = ops[name];
            let kind: NumericKind = kinds.reduce((x, y) =>
              NUMERIC_KINDS.indexOf(x) >= NUMERIC_KINDS.indexOf(y) ? x : y,
            );
            if (kind === 'double') {
              // Computed in doubles, an int64 first rounded to the nearest double.
              expect(numericKind(row?.r)).toBe('double');
              expect((row?.r as Double).value).toBe(op.float(approximate(a), approximate(b)));
              return;
            }
            const [an, ad] = exactFraction(a);
            const [bn, bd] = exactFraction(b);
            if (kind === 'decimal') {
              // Exact in decimal: the generated values need far fewer than 34 digits.
              const [num, den] =
                name === '$multiply' ? [an * bn, ad * bd] : [op.big(an * bd, bn * ad), ad * bd];
              const [rn, rd] = exactFraction(row?.r);
              expect(numericKind(row?.r)).toBe('decimal');
              expect(rn * den).toBe(num * rd);
              return;
            }
            const exact = op.big(an, bn);
            if (kind === 'int' && (exact < -(2n ** 31n) || exact >= 2n ** 31n)) kind = 'long';
            if (kind === 'long' && (exact < -(2n ** 63n) || exact >= 2n ** 63n)) {
              expect(numericKind(row?.r)).toBe('double');
              expect((row?.r as Double).value).toBe(op.float(Number(an), Number(bn)));
              return;
            }
            expect(numericKind(row?.r)).toBe(kind);
            expect(exactFraction(row?.r)).toEqual([exact, 1n]);
          },
        ),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );

  // Group keys drawn often from equal values of different types, and documents in either order.
  const twins = fc.constantFrom<Value>(
    new Int32(1),
    Long.fromNumber(1),
    new Double(1),
    Decimal128.fromString('1.0'),
    Decimal128.fromString('1'),
    Long.fromNumber(2),
    Decimal128.fromString('2.00'),
    null,
    undefined,
  );
  const groupKey = fc.oneof(twins, document, value);

  test(
    '$group keys: one group per value by BSON equality (numbers of every type, ordered documents, null = missing)',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(groupKey, { minLength: 1, maxLength: 10 }), async (values) => {
          const c = freshCollection();
          await insertAll(c, values);
          const groups = await c
            .aggregate([{ $sort: { _id: 1 } }, { $group: { _id: '$v', ids: { $push: '$_id' } } }])
            .toArray();
          const engine = groups.map((g) => (g.ids as number[]).join(',')).sort();
          // The model: each value joins the group of the first earlier value it equals.
          const model: number[][] = [];
          values.forEach((v, i) => {
            const group = model.find((ids) => compare(values[ids[0] ?? 0], v) === 0);
            if (group) group.push(i);
            else model.push([i]);
          });
          expect(engine).toEqual(model.map((ids) => ids.join(',')).sort());
          await c.drop();
        }),
        RUNS,
      );
    },
    PROPERTY_TIMEOUT_MS,
  );
});
