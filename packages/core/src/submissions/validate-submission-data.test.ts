import { describe, expect, test } from 'vitest';

import { ZFormFieldsSchema, type TFormFieldInput } from '../forms/z-form-field.js';
import { validateSubmissionData } from './validate-submission-data.js';

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
});
