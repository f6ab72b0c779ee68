import {
  Binary,
  BSONRegExp,
  BSONSymbol,
  Code,
  DBRef,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  ObjectId,
  Timestamp,
  serialize,
} from 'bson';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { onDemand } from 'bson';
import { firstNamedElement, namedElement, viaParser } from './named-element.js';

const NAMES = ['a', 'b', 'ab', 'slots', '0', '47', 'é', '$id'];

const value = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.string(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.date({ noInvalidDate: true }),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }).map((n) => Long.fromBigInt(n)),
  fc.integer().map((n) => new Int32(n)),
  fc.double().map((n) => new Double(n)),
  fc.constant(Decimal128.fromString('1.5')),
  fc.constant(new ObjectId()),
  fc.uint8Array({ maxLength: 20 }).map((b) => new Binary(b)),
  fc.constant(new BSONRegExp('a.c', 'i')),
  fc.constant(new Code('x = 1')),
  fc.constant(new Code('x = y', { y: 2 })),
  fc.constant(new BSONSymbol('s')),
  fc.constant(new Timestamp({ t: 1, i: 2 })),
  fc.constant(new MinKey()),
  fc.constant(new MaxKey()),
  fc.constant(new DBRef('c', new ObjectId())),
  fc.dictionary(fc.constantFrom(...NAMES), fc.integer(), { maxKeys: 4 }),
  fc.array(fc.integer(), { maxLength: 4 }),
);

/** A document from name/value pairs, names possibly repeated (no object can hold that). */
function documentOf(pairs: [string, unknown][]): Buffer {
  const elements = pairs.map(([name, v]) => {
    const one = serialize({ [name]: v }, { ignoreUndefined: false });
    return Buffer.from(one.subarray(4, one.length - 1));
  });
  const body = Buffer.concat(elements);
  const out = Buffer.alloc(body.length + 5);
  out.writeInt32LE(out.length, 0);
  body.copy(out, 4);
  return out;
}

/** Either the same answer or the same refusal. */
function outcome(find: () => unknown): unknown {
  try {
    return { value: find() };
  } catch (err) {
    return { error: (err as Error).message };
  }
}

describe('namedElement walks the bytes as bson parser does', () => {
  test('same element (or undefined, or null when repeated) for generated documents and names', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { maxLength: 12 }),
        fc.integer({ min: 0, max: 100 }),
        (pairs, prefix) => {
          // The document placed after other bytes, as an embedded document is.
          const doc = documentOf(pairs);
          const raw = Buffer.concat([Buffer.alloc(prefix, 7), doc]);
          for (const name of [...NAMES, 'missing']) {
            const bytes = Buffer.from(name);
            expect(namedElement(raw, prefix, bytes)).toEqual(viaParser(raw, prefix, bytes));
            // The first of the elements so named, and whether there are more, as the parser lists them.
            const named = [...onDemand.parseToElements(raw, prefix)]
              .filter(([, at, length]) => raw.toString('utf8', at, at + length) === name)
              .map(([type, nameAt, , at, length]) => ({ type, nameAt, at, length }));
            expect(firstNamedElement(raw, prefix, bytes)).toEqual({
              first: named[0],
              twice: named.length > 1,
            });
          }
        },
      ),
      { numRuns: 2000 },
    );
  });

  test('damaged bytes: the same answer or the same error', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...NAMES), value), { minLength: 1, maxLength: 8 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { minLength: 1, maxLength: 3 }),
        (pairs, damage) => {
          const raw = documentOf(pairs);
          for (const [at, byte] of damage) raw[at % raw.length] = byte;
          for (const name of NAMES) {
            const bytes = Buffer.from(name);
            expect(outcome(() => namedElement(raw, 0, bytes))).toEqual(
              outcome(() => viaParser(raw, 0, bytes)),
            );
          }
        },
      ),
      { numRuns: 3000 },
    );
  });
});
