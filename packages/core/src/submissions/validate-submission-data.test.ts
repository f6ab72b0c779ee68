import { describe, expect, test } from 'vitest';

import { ZFormFieldsSchema, type TFormFieldInput } from '../forms/z-form-field.js';
import { MAX_STRING_LENGTH, validateSubmissionData } from './validate-submission-data.js';

function fields(input: TFormFieldInput[]) {
  return ZFormFieldsSchema.parse(input);
}

const contact = fields([
  { name: 'name', type: 'text', required: true },
  { name: 'email', type: 'email', required: true },
  { name: 'age', type: 'number' },
  { name: 'agree', type: 'checkbox', required: true },
  { name: 'topic', type: 'select', options: ['a', 'b'] },
  { name: 'size', type: 'radio', options: ['S', 'M'] },
  { name: 'site', type: 'url' },
  { name: 'day', type: 'date' },
  { name: 'phone', type: 'tel' },
  { name: 'stars', type: 'rating' },
  { name: 'notes', type: 'textarea' },
]);

describe('validateSubmissionData', () => {
  test('accepts valid data and coerces numbers and booleans', () => {
    const result = validateSubmissionData({
      fields: contact,
      data: {
        name: 'Ada',
        email: ' ada@example.com ',
        age: '36',
        agree: true,
        topic: 'a',
        size: 'M',
        site: 'https://example.com',
        day: '2026-11-21',
        phone: '+44 20 7946 0958',
        stars: 5,
      },
    });

    expect(result).toEqual({
      ok: true,
      data: {
        name: 'Ada',
        email: 'ada@example.com',
        age: 36,
        agree: true,
        topic: 'a',
        size: 'M',
        site: 'https://example.com',
        day: '2026-11-21',
        phone: '+44 20 7946 0958',
        stars: 5,
      },
    });
  });

  test('fields named like built-in members (toString, constructor) are checked and kept like any other', () => {
    const fields = ZFormFieldsSchema.parse([
      { name: 'constructor', type: 'text' },
      { name: 'toString', type: 'text', required: true },
    ]);

    expect(validateSubmissionData({ fields, data: {} })).toEqual({
      ok: false,
      fieldErrors: { toString: 'Required' },
    });
    expect(validateSubmissionData({ fields, data: { toString: 'x', constructor: 'y' } })).toEqual({
      ok: true,
      data: { constructor: 'y', toString: 'x' },
    });
  });

  test('numbers written as strings are decimal; a phone number holds digits', () => {
    const check = (data: Record<string, unknown>) =>
      validateSubmissionData({
        fields: contact,
        data: { name: 'Ada', email: 'a@b.io', agree: true, ...data },
      });

    for (const age of ['0x10', '0b11', '0o7', 'Infinity', '1_000', '12abc']) {
      expect(check({ age }), age).toMatchObject({ ok: false, fieldErrors: { age: 'Must be a number' } });
    }
    // A quarter of a second of CPU each when the pattern could split a run of digits many ways.
    expect(check({ age: `${'1'.repeat(MAX_STRING_LENGTH - 1)}x` }), 'long digits').toMatchObject({
      ok: false,
      fieldErrors: { age: 'Must be a number' },
    });
    for (const [age, stored] of [
      ['-1.5', -1.5],
      [' 42 ', 42],
      ['1e3', 1000],
      ['.5', 0.5],
      ['1.', 1],
      ['+2.5E-1', 0.25],
    ] as const) {
      expect(check({ age }), age).toMatchObject({ ok: true, data: { age: stored } });
    }
    expect(check({ stars: '0x5' })).toMatchObject({
      ok: false,
      fieldErrors: { stars: 'Must be an integer rating from 0 to 10' },
    });
    for (const phone of ['...', '((()))', '+ -']) {
      expect(check({ phone }), phone).toMatchObject({
        ok: false,
        fieldErrors: { phone: 'Must be a valid phone number' },
      });
    }
    expect(check({ phone: '112' })).toMatchObject({ ok: true, data: { phone: '112' } });
  });

  test('reports every bad field with a reason', () => {
    const result = validateSubmissionData({
      fields: contact,
      data: {
        name: '',
        email: 'not-an-email',
        age: 'abc',
        agree: false,
        topic: 'z',
        site: 'javascript:alert(1)',
        day: 'yesterday',
        stars: 11,
        extra: 'x',
      },
    });

    expect(result.ok).toBe(false);
    expect(result.ok ? {} : result.fieldErrors).toEqual({
      name: 'Required',
      email: 'Must be a valid email address',
      age: 'Must be a number',
      agree: 'Required',
      topic: 'Must be one of the options',
      site: 'Must be an absolute http(s) URL',
      day: 'Must be an ISO 8601 date',
      stars: 'Must be an integer rating from 0 to 10',
      extra: 'Unknown field',
    });
  });

  test('a date must name a real calendar day, with or without a time', () => {
    const day = (value: string) =>
      validateSubmissionData({ fields: fields([{ name: 'day', type: 'date' }]), data: { day: value } }).ok;

    expect(['2026-02-28', '2028-02-29', '2026-04-30T10:00:00Z'].map(day)).toEqual([true, true, true]);
    expect(['2026-02-30', '2026-04-31', '2027-02-29', '2026-13-01', '2026-04-31T10:00:00Z'].map(day)).toEqual(
      [false, false, false, false, false],
    );
  });

  test('optional fields may be absent', () => {
    const result = validateSubmissionData({
      fields: fields([{ name: 'email', type: 'email' }]),
      data: {},
    });

    expect(result).toEqual({ ok: true, data: {} });
  });

  test('a form without declared fields accepts any flat object, not nested ones', () => {
    expect(validateSubmissionData({ fields: [], data: { a: 'x', b: 2, c: true, d: null } })).toEqual({
      ok: true,
      data: { a: 'x', b: 2, c: true, d: null },
    });
    const nested = validateSubmissionData({ fields: [], data: { a: { b: 1 } } });
    const paths = validateSubmissionData({ fields: [], data: { 'a.b': 1, $set: 2 } });

    expect(nested.ok).toBe(false);
    expect(paths.ok ? [] : Object.keys(paths.fieldErrors).sort()).toEqual(['$set', 'a.b']);
  });

  test('more than 100 keys are rejected', () => {
    const data = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`k${i}`, i]));
    const result = validateSubmissionData({ fields: [], data });

    expect(result.ok).toBe(false);
  });

  test('strings longer than 10,000 characters are rejected', () => {
    const ok = validateSubmissionData({ fields: [], data: { a: 'x'.repeat(10_000) } });
    const tooLong = validateSubmissionData({ fields: [], data: { a: 'x'.repeat(10_001) } });

    expect(ok.ok).toBe(true);
    expect(tooLong.ok ? {} : tooLong.fieldErrors).toEqual({ a: 'Must be at most 10000 characters' });
  });

  test('strings are measured in characters (code points), not UTF-16 code units', () => {
    const emoji = '😀';
    const ok = validateSubmissionData({ fields: [], data: { a: emoji.repeat(10_000) } });
    const tooLong = validateSubmissionData({ fields: [], data: { a: emoji.repeat(10_001) } });
    const mixed = validateSubmissionData({
      fields: [],
      data: { a: `${emoji.repeat(5_000)}${'x'.repeat(5_001)}` },
    });
    const declared = validateSubmissionData({
      fields: fields([{ name: 'notes', type: 'textarea' }]),
      data: { notes: emoji.repeat(10_000) },
    });

    expect(ok.ok).toBe(true);
    expect(tooLong.ok ? {} : tooLong.fieldErrors).toEqual({ a: 'Must be at most 10000 characters' });
    expect(mixed.ok ? {} : mixed.fieldErrors).toEqual({ a: 'Must be at most 10000 characters' });
    expect(declared).toEqual({ ok: true, data: { notes: emoji.repeat(10_000) } });
  });

  test('a lone surrogate counts as one character', () => {
    const lone = validateSubmissionData({ fields: [], data: { a: '\uD800'.repeat(10_001) } });

    expect(lone.ok ? {} : lone.fieldErrors).toEqual({ a: 'Must be at most 10000 characters' });
  });
});

describe('validateSubmissionData: keys of a form without declared fields', () => {
  test('control characters and invalid Unicode in a key are refused, naming the key', () => {
    const keys = ['a\u0000b', 'tab\there', 'line\nfeed', '\u001f', 'del\u007f', 'lone\uD800'];
    const result = validateSubmissionData({
      fields: [],
      data: Object.fromEntries(keys.map((key) => [key, 'x'])),
    });

    expect(result.ok ? {} : result.fieldErrors).toEqual(
      Object.fromEntries(
        keys.map((key) => [key, 'Keys may not contain control characters or invalid Unicode']),
      ),
    );
  });

  test('keys with "$" or "." keep their rule and text; ordinary Unicode keys are accepted', () => {
    const paths = validateSubmissionData({ fields: [], data: { $set: 1, 'a.b': 2, ' ': 3 } });
    const fine = validateSubmissionData({ fields: [], data: { prénom: 'x', 名前: 'y', a$b: 'z', '😀': 1 } });

    expect(paths.ok ? {} : paths.fieldErrors).toEqual({
      $set: 'Keys may not be empty, contain "." or start with "$"',
      'a.b': 'Keys may not be empty, contain "." or start with "$"',
      ' ': 'Keys may not be empty, contain "." or start with "$"',
    });
    expect(fine.ok).toBe(true);
  });
});

describe('validateSubmissionData: deeply nested values never recurse', () => {
  function deep(levels: number): unknown {
    let value: unknown = 'x';
    for (let level = 0; level < levels; level++) {
      value = level % 2 === 0 ? { a: value } : [value];
    }

    return value;
  }
  const nested = deep(20_000);

  test('a form without declared fields takes a list of strings (a repeated HTML form name)', () => {
    const result = validateSubmissionData({ fields: [], data: { topics: ['a', 'b'], name: 'x' } });

    expect(result).toEqual({ ok: true, data: { topics: ['a', 'b'], name: 'x' } });
    const long = validateSubmissionData({ fields: [], data: { topics: ['a', 'x'.repeat(10_001)] } });
    expect(long.ok ? {} : long.fieldErrors).toEqual({ topics: 'Must be at most 10000 characters' });
    const many = validateSubmissionData({ fields: [], data: { topics: Array<string>(101).fill('a') } });
    expect(many.ok).toBe(false);
  });

  test('a form without declared fields refuses objects and other arrays as values', () => {
    const result = validateSubmissionData({ fields: [], data: { a: nested, b: ['x', 1], c: 'ok' } });

    expect(result.ok ? {} : result.fieldErrors).toEqual({
      a: 'Must be a string, number, boolean or null',
      b: 'Must be a string, number, boolean or null',
    });
  });

  test('key names are 1 to 200 characters (code points) on every form; longer ones are reported cut short', () => {
    const rule = 'Key names must be 1 to 200 characters';
    const long = 'x'.repeat(20_000);
    for (const formFields of [[], fields([{ name: 'name', type: 'text' }])]) {
      expect(validateSubmissionData({ fields: formFields, data: { [long]: 'v', name: 'n' } })).toEqual({
        ok: false,
        fieldErrors: { [`${'x'.repeat(40)}…`]: rule },
      });
    }
    // 200 astral characters are 400 UTF-16 units, and still 200 characters.
    expect(validateSubmissionData({ fields: [], data: { ['😀'.repeat(200)]: 'v' } }).ok).toBe(true);
    expect(validateSubmissionData({ fields: [], data: { ['a'.repeat(201)]: 'v' } }).ok).toBe(false);
  });

  test('a form with declared fields refuses them as unknown keys or by the field type', () => {
    const result = validateSubmissionData({
      fields: fields([
        { name: 'name', type: 'text' },
        { name: 'agree', type: 'checkbox' },
        { name: 'age', type: 'number' },
        { name: 'cart', type: 'product' },
      ]),
      data: { name: nested, agree: nested, age: nested, cart: [nested], extra: nested },
    });

    expect(result.ok ? {} : result.fieldErrors).toEqual({
      name: 'Must be a string',
      agree: 'Must be a boolean',
      age: 'Must be a number',
      cart: 'Must be a product id or a list of product selections',
      extra: 'Unknown field',
    });
  });

  test('product selections: ids, or a list of scalars and one-level objects with storable keys', () => {
    const cart = fields([{ name: 'cart', type: 'product' }]);
    const ok = validateSubmissionData({
      fields: cart,
      data: { cart: ['p1', { productId: 'p2', quantity: 2, gift: false, note: null }] },
    });
    const refused = [
      [{ productId: { $gt: '' } }],
      [{ 'a\u0000b': 1 }],
      [{ $where: 1 }],
      [{ 'a.b': 1 }],
      [['p1']],
      { productId: 'p1' },
    ].map((value) => validateSubmissionData({ fields: cart, data: { cart: value } }));
    const huge = validateSubmissionData({
      fields: cart,
      data: { cart: Array.from({ length: 3_000 }, () => ({ productId: 'p1234567' })) },
    });

    expect(ok.ok).toBe(true);
    expect(refused.map((result) => (result.ok ? {} : result.fieldErrors))).toEqual(
      refused.map(() => ({ cart: 'Must be a product id or a list of product selections' })),
    );
    expect(huge.ok ? {} : huge.fieldErrors).toEqual({ cart: 'Must be at most 10000 characters' });
  });
});
