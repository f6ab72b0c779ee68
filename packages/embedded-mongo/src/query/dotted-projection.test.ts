import { describe, expect, test } from 'vitest';
import fc from 'fast-check';
import { DBRef, ObjectId } from 'bson';
import { dottedProjection } from './dotted-projection.js';
import { project, projectWithMingo } from './projection.js';

type Doc = Record<string, unknown>;

const isPlain = (v: unknown): v is Doc =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype;

/**
 * mongod's find projection written from its executor's rules, one path at a time rather than as a
 * tree: what is kept of `value` when the paths (already split, relative to it) are included or
 * excluded. Inclusion: a document keeps, in its own order, each field some path names (whole when a
 * path ends there, else projected further); an array projects each element and drops what comes out
 * missing; anything else is missing. Exclusion: the same walk, dropping the fields a path ends at
 * and leaving every other value as it is.
 */
const MISSING = Symbol('missing');
function reference(value: unknown, paths: string[][], include: boolean): unknown {
  if (Array.isArray(value))
    return value.map((el) => reference(el, paths, include)).filter((el) => el !== MISSING);
  if (!isPlain(value)) return include ? MISSING : value;
  const out: Doc = {};
  for (const [key, field] of Object.entries(value)) {
    const here = paths.filter((p) => p[0] === key);
    if (here.length === 0) {
      if (!include) out[key] = field;
      continue;
    }
    const ends = here.some((p) => p.length === 1);
    if (ends) {
      if (include) out[key] = field;
      continue;
    }
    const kept = reference(
      field,
      here.map((p) => p.slice(1)),
      include,
    );
    if (kept !== MISSING) out[key] = kept;
  }
  return out;
}

function referenceProject(doc: Doc, projection: Doc): Doc {
  const { _id: idFlag, ...rest } = projection;
  const include = Object.values(rest).some((v) => v === true || v === 1);
  const paths = Object.keys(rest).map((k) => k.split('.'));
  const body = reference(doc, paths, include) as Doc;
  const keepId = idFlag === undefined || idFlag === true || idFlag === 1;
  const { _id: _dropped, ...others } = body;
  return keepId && doc._id !== undefined ? { _id: doc._id, ...others } : others;
}

// Field names: letters, and a digit (a field named "0", which a find projection never reads as an
// array index).
const names = (withDigit: boolean) =>
  fc.constantFrom(...(withDigit ? ['a', 'b', 'c', '0'] : ['a', 'b', 'c']));

const scalar = fc.oneof(
  fc.integer({ min: -5, max: 5 }),
  fc.constantFrom('x', '', null, true, false),
  fc.constant(new Date(0)),
  fc.constant(new ObjectId('64b000000000000000000001')),
);

type Shapes = { withDigit: boolean; nestedArrays: boolean; scalarsInArrays: boolean };

function values(opts: Shapes) {
  return fc.letrec<{ value: unknown; doc: Doc; array: unknown[] }>((tie) => ({
    value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, scalar, tie('doc'), tie('array')),
    doc: fc.dictionary(names(opts.withDigit), tie('value'), { maxKeys: 4, noNullPrototype: true }),
    array: fc.array(
      opts.nestedArrays ? tie('value') : opts.scalarsInArrays ? fc.oneof(scalar, tie('doc')) : tie('doc'),
      { maxLength: 4 },
    ),
  }));
}

const topDoc = (opts: Shapes) =>
  fc.tuple(fc.integer({ min: 1, max: 1000 }), values(opts).doc).map(([id, rest]) => ({ _id: id, ...rest }));

/** 1–3 paths of one kind, at least one dotted, none a prefix of another, maybe an `_id` flag. */
const projections = (withDigit: boolean) =>
  fc
    .tuple(
      fc.uniqueArray(fc.array(names(withDigit), { minLength: 1, maxLength: 3 }), {
        minLength: 1,
        maxLength: 3,
        selector: (p) => p.join('.'),
      }),
      fc.constantFrom(1, 0, true, false),
      fc.constantFrom(undefined, 0, 1),
    )
    .filter(([paths]) => paths.some((p) => p.length > 1))
    .filter(([paths]) =>
      paths.every((p, i) =>
        paths.every((q, j) => i === j || !(q.length <= p.length && q.every((part, k) => p[k] === part))),
      ),
    )
    .map(([paths, flag, id]) => {
      const projection: Doc = {};
      for (const p of paths) projection[p.join('.')] = flag;
      if (id !== undefined) projection._id = id;
      return projection;
    });

const withKeys = (docs: Doc[]) => docs.map((d) => JSON.stringify(d, (_k, v: unknown) => v));

describe('dotted inclusion/exclusion projections', () => {
  test('answer as mongod: generated documents and projections against the reference model', () => {
    fc.assert(
      fc.property(
        fc.array(topDoc({ withDigit: true, nestedArrays: true, scalarsInArrays: true }), { maxLength: 5 }),
        projections(true),
        (docs, projection) => {
          expect(dottedProjection(projection)).not.toBeNull();
          const fast = project(docs, {}, projection);
          // Field order is part of the answer: compare the serialized documents.
          expect(withKeys(fast)).toEqual(withKeys(docs.map((d) => referenceProject(d, projection))));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  // Arrays of documents only: the general path misplaces the sub-fields of an element that follows
  // a dropped one, and fails on null elements (cases below).
  test('answer as the general path where mingo follows mongod (arrays of documents, no digit names)', () => {
    fc.assert(
      fc.property(
        fc.array(topDoc({ withDigit: false, nestedArrays: false, scalarsInArrays: false }), { maxLength: 5 }),
        projections(false),
        (docs, projection) => {
          const fast = project(docs, {}, projection);
          // mingo refuses `_id: 1` beside exclusions, which mongod takes as the default it is.
          const { _id, ...rest } = projection;
          const exclusion = Object.values(rest).some((v) => !v);
          const forMingo = _id && exclusion ? rest : projection;
          expect(withKeys(fast)).toEqual(withKeys(projectWithMingo(docs, {}, forMingo)));
        },
      ),
      { numRuns: 2_000 },
    );
  });

  // Where mingo (the general path) answers otherwise than mongod, the fast path answers as mongod.
  test.each([
    // Arrays within arrays, as mongod answers them: scalars dropped at every depth, documents kept.
    [
      { 'a.b.c': 1, _id: 0 },
      { _id: 1, a: [[1, 2], [{ b: [[1, 2], [{ c: [[1, 2], [{}], 2] }], 2] }], 2] },
      { a: [[], [{ b: [[], [{ c: [[1, 2], [{}], 2] }]] }]] },
    ],
    [
      { 'a.b.c': 0 },
      { _id: 1, a: [[], [{ b: [[1, 2], { c: 1, d: 1 }] }]] },
      { _id: 1, a: [[], [{ b: [[1, 2], { d: 1 }] }]] },
    ],
    // A nested array is projected element by element for an exclusion too.
    [{ 'a.b': 0 }, { _id: 1, a: [[{ b: 1, c: 2 }, 3]] }, { _id: 1, a: [[{ c: 2 }, 3]] }],
    // A digit is a field name, never an array index.
    [{ 'a.0': 1 }, { _id: 1, a: [[1, 2], { 0: 'x', 1: 'y' }, 5] }, { _id: 1, a: [[], { 0: 'x' }] }],
    [{ 'a.0': 0 }, { _id: 1, a: [7, { 0: 'x', 1: 'y' }] }, { _id: 1, a: [7, { 1: 'y' }] }],
    // Sub-fields keep the element's own order after an element the inclusion dropped.
    [
      { 'c.c': 1, 'c.a': 1 },
      { _id: 1, c: ['x', { a: 0, c: 'x' }] },
      { _id: 1, c: [{ a: 0, c: 'x' }] },
    ],
    // null along an excluded path stays (mingo failed on it).
    [
      { 'a.b.c': 0 },
      { _id: 1, a: [null, { b: null }, { b: { c: 1, d: 2 } }] },
      { _id: 1, a: [null, { b: null }, { b: { d: 2 } }] },
    ],
  ])('%j of %j', (projection, doc, expected) => {
    expect(withKeys(project([doc], {}, projection))).toEqual(withKeys([expected]));
  });

  test('the product’s users-joined read', () => {
    const doc = { _id: new ObjectId(), name: 'f', settings: { theme: 'x', usersJoined: 3 }, keyHash: 'h' };
    expect(project([doc], {}, { 'settings.usersJoined': 1 })).toEqual([
      { _id: doc._id, settings: { usersJoined: 3 } },
    ]);
    expect(project([doc], {}, { 'settings.usersJoined': 1, _id: 0 })).toEqual([
      { settings: { usersJoined: 3 } },
    ]);
  });

  test('a DBRef on the path goes to the general path', () => {
    const doc = { _id: 1, r: new DBRef('c', new ObjectId('64b000000000000000000002')), s: { t: 1 } };
    expect(project([doc], {}, { 'r.x': 1, 's.t': 1 })).toEqual(
      projectWithMingo([doc], {}, { 'r.x': 1, 's.t': 1 }),
    );
  });

  test('everything else is not taken', () => {
    for (const projection of [
      { a: 1 },
      { 'a.b': 1, c: 0 },
      { 'a.b': 1, a: 1 },
      { 'a.b': 1, 'a.b.c': 1 },
      { '_id.x': 1 },
      { 'a.$': 1 },
      { 'a..b': 1 },
      { 'a.$b': 1 },
      { 'a.b': { $slice: 1 } },
      { 'a.b': 'x' },
      { 'a.b': Number.NaN },
      { a: { b: 1 } },
    ] as Doc[])
      expect(dottedProjection(projection)).toBeNull();
  });
});
