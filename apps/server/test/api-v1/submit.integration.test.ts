import { DEFAULT_PLAN_LIMITS, getFormDetail, listSubmissions, type TCreateFormInput } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

const SUBMIT = '/api/v1/forms/submit';

const ALL_TYPES: TCreateFormInput['fields'] = [
  { name: 'fullName', type: 'text', required: true },
  { name: 'email', type: 'email', required: true },
  { name: 'bio', type: 'textarea' },
  { name: 'age', type: 'number' },
  { name: 'agree', type: 'checkbox', required: true },
  { name: 'plan', type: 'select', options: ['basic', 'pro'] },
  { name: 'colour', type: 'radio', options: ['red', 'blue'] },
  { name: 'birthday', type: 'date' },
  { name: 'website', type: 'url' },
  { name: 'phone', type: 'tel' },
  { name: 'score', type: 'rating' },
];

const VALID = {
  fullName: 'Ada Lovelace',
  email: 'ada@example.com',
  bio: 'Analyst',
  age: 36,
  agree: true,
  plan: 'pro',
  colour: 'blue',
  birthday: '1815-12-10',
  website: 'https://example.com/ada',
  phone: '+44 20 7946 0958',
  score: 9,
};

describe('201 and the stored submission', () => {
  test('201 {success, message, submissionId, redirect}; the listing and the count include it at once', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL: 'https://forms.example.com' });
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId, { fields: ALL_TYPES });
    const response = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: VALID },
    });

    expect(response.statusCode).toBe(201);
    const body = response.json<{ submissionId: string }>();
    expect(body).toEqual({
      success: true,
      message: 'Form submitted successfully',
      submissionId: expect.stringMatching(/^[0-9a-f]{24}$/) as unknown,
      redirect: { url: 'https://forms.example.com/thank-you', allowed: true },
    });
    const stored = await listSubmissions({ userId: owner.userId, formId: form.id });
    expect(stored.submissions.map((submission) => [submission.id, submission.data])).toEqual([
      [body.submissionId, VALID],
    ]);
    expect(
      (await getFormDetail({ userId: owner.userId, formId: form.id, limits: DEFAULT_PLAN_LIMITS.PRO }))
        .submissionCount,
    ).toBe(1);
  });
});

describe('field validation: data against the form fields', () => {
  test('each type rejects a wrong value with 400 "Invalid submission data" and a reason per field', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: ALL_TYPES });
    const wrong = {
      fullName: 42,
      email: 'not-an-email',
      bio: ['list'],
      age: 'forty',
      agree: 'maybe',
      plan: 'enterprise',
      colour: 'green',
      birthday: '10/12/1815',
      website: 'javascript:alert(1)',
      phone: 'call me',
      score: 11,
    };
    const response = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: wrong },
    });

    expect(response.statusCode).toBe(400);
    expect(errorBody(response)).toEqual({
      error: 'Invalid submission data',
      message: 'Invalid submission data',
      code: 'BAD_REQUEST',
      fieldErrors: {
        fullName: 'Must be a string',
        email: 'Must be a valid email address',
        bio: 'Must be a string',
        age: 'Must be a number',
        agree: 'Must be a boolean',
        plan: 'Must be one of the options',
        colour: 'Must be one of the options',
        birthday: 'Must be an ISO 8601 date',
        website: 'Must be an absolute http(s) URL',
        phone: 'Must be a valid phone number',
        score: 'Must be an integer rating from 0 to 10',
      },
    });
  });

  test('required fields must be present; unknown keys are rejected', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: ALL_TYPES });
    const response = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: { bio: 'x', extra: 'nope', $where: '1' } },
    });

    expect(response.statusCode).toBe(400);
    expect(errorBody(response).fieldErrors).toEqual({
      fullName: 'Required',
      email: 'Required',
      agree: 'Required',
      extra: 'Unknown field',
      $where: 'Unknown field',
    });
  });

  test('a form without declared fields takes any flat object, but no nested values', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: [] });
    const flat = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: { a: 'x', b: 2, c: true, d: null } },
    });
    const nested = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: { a: { $gt: '' } } },
    });

    expect(flat.statusCode).toBe(201);
    expect([nested.statusCode, errorBody(nested).fieldErrors]).toEqual([
      400,
      { a: 'Must be a string, number, boolean or null' },
    ]);
  });

  test('more than 100 keys or a string over 10,000 characters is a 400', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: [] });
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, index) => [`k${index}`, 'v']));
    const tooMany = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: many },
    });
    const tooLong = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: { a: 'x'.repeat(10_001) } },
    });
    const justRight = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: { a: 'é'.repeat(10_000) } },
    });

    expect([tooMany.statusCode, errorBody(tooMany).error]).toEqual([400, 'Invalid submission data']);
    expect([tooLong.statusCode, errorBody(tooLong).fieldErrors]).toEqual([
      400,
      { a: 'Must be at most 10000 characters' },
    ]);
    expect(justRight.statusCode).toBe(201);
  });

  test('key names are limited like values: 1 to 200 characters, on forms with and without fields', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const open = await createTestForm(owner.userId, { fields: [] });
    const declared = await createTestForm(owner.userId);
    const longKey = 'k'.repeat(20_000);
    const submit = (formId: string, data: Record<string, unknown>) =>
      call(app, { method: 'POST', url: SUBMIT, key: owner.key, payload: { formId, data } });

    const rule = 'Key names must be 1 to 200 characters';
    for (const formId of [open.id, declared.id]) {
      const refused = await submit(formId, { email: 'a@example.com', [longKey]: 'v' });
      expect([refused.statusCode, errorBody(refused)]).toEqual([
        400,
        {
          error: 'Invalid submission data',
          message: 'Invalid submission data',
          code: 'BAD_REQUEST',
          fieldErrors: { [`${'k'.repeat(40)}…`]: rule },
        },
      ]);
      // The 20,000-character name is never echoed back whole.
      expect(refused.body.length).toBeLessThan(500);
      const justOver = await submit(formId, { email: 'a@example.com', ['é'.repeat(201)]: 'v' });
      expect(errorBody(justOver).fieldErrors).toEqual({ [`${'é'.repeat(40)}…`]: rule });
    }
    expect((await submit(open.id, { ['é'.repeat(200)]: 'v' })).statusCode).toBe(201);
    expect((await listSubmissions({ userId: owner.userId, formId: open.id })).submissions).toHaveLength(1);
    expect((await listSubmissions({ userId: owner.userId, formId: declared.id })).submissions).toHaveLength(
      0,
    );
  });
});

describe('honeypot, unique email, quota', () => {
  test('a non-empty _gotcha gets the normal 201 and nothing is stored', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const response = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: form.id, data: { email: 'bot@example.com', _gotcha: 'http://spam.example' } },
    });

    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ success: true, message: 'Form submitted successfully' });
    expect((await listSubmissions({ userId: owner.userId, formId: form.id })).submissions).toEqual([]);
    expect(
      (await getFormDetail({ userId: owner.userId, formId: form.id, limits: DEFAULT_PLAN_LIMITS.PRO }))
        .submissionCount,
    ).toBe(0);
  });

  test('uniqueEmail: the same email again is 409 (case-insensitive); other forms are unaffected', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const waitlist = await createTestForm(owner.userId, {
      formType: 'waitlist',
      fields: [{ name: 'email', type: 'email', required: true }],
    });
    const contact = await createTestForm(owner.userId);
    const submit = (formId: string, email: string) =>
      call(app, { method: 'POST', url: SUBMIT, key: owner.key, payload: { formId, data: { email } } });

    expect((await submit(waitlist.id, 'dup@example.com')).statusCode).toBe(201);
    const again = await submit(waitlist.id, 'DUP@example.com');
    const text = 'A submission with this email already exists for this form';
    expect([again.statusCode, errorBody(again)]).toEqual([
      409,
      { error: text, message: text, code: 'CONFLICT' },
    ]);
    expect((await submit(contact.id, 'dup@example.com')).statusCode).toBe(201);
    expect((await submit(contact.id, 'dup@example.com')).statusCode).toBe(201);

    // A waitlist without declared fields takes any value as `email`; the same one twice (trimmed,
    // any case) is a duplicate all the same, though no mail can go to it.
    const anyValue = await createTestForm(owner.userId, { formType: 'waitlist', fields: [] });
    expect((await submit(anyValue.id, 'not-an-email')).statusCode).toBe(201);
    const sameValue = await submit(anyValue.id, ' NOT-an-email ');
    expect([sameValue.statusCode, errorBody(sameValue).message]).toEqual([409, text]);
    expect((await submit(anyValue.id, 'another-value')).statusCode).toBe(201);
  });

  test('concurrent submits never go one over the monthly quota', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'STANDARD', quotaLimit: 5 });
    const form = await createTestForm(owner.userId);
    const responses = await Promise.all(
      Array.from({ length: 24 }, (_, index) =>
        call(app, {
          method: 'POST',
          url: SUBMIT,
          key: owner.key,
          payload: { formId: form.id, data: { email: `c${index}@example.com` } },
        }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    const text = 'Monthly submission limit reached (5/5) for your plan';

    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 403)).toHaveLength(19);
    for (const refused of responses.filter((response) => response.statusCode === 403)) {
      expect(errorBody(refused)).toEqual({ error: text, message: text, code: 'FORBIDDEN' });
    }
    expect((await listSubmissions({ userId: owner.userId, formId: form.id })).submissions).toHaveLength(5);
  });
});

describe('redirects per plan', () => {
  test('FREE: a custom redirectUrl is replaced by the thank-you page with the reason; STANDARD/PRO keep it', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL: 'https://forms.example.com' });
    const free = await createOwner({ plan: 'FREE' });
    const standard = await createOwner({ plan: 'STANDARD' });
    const pro = await createOwner({ plan: 'PRO' });
    const redirectUrl = 'https://shop.example.com/thanks?x=1';

    const redirectOf = async (owner: typeof free, payloadRedirect: unknown) => {
      const form = await createTestForm(owner.userId, { fields: [] });
      const response = await call(app, {
        method: 'POST',
        url: SUBMIT,
        key: owner.key,
        payload: { formId: form.id, data: { a: 1 }, redirectUrl: payloadRedirect },
      });
      expect(response.statusCode).toBe(201);

      return response.json<{ redirect: unknown }>().redirect;
    };

    expect(await redirectOf(free, redirectUrl)).toEqual({
      url: 'https://forms.example.com/thank-you',
      allowed: false,
      reason: 'Custom redirects require STANDARD or PRO plan',
    });
    expect(await redirectOf(standard, redirectUrl)).toEqual({ url: redirectUrl, allowed: true });
    expect(await redirectOf(pro, redirectUrl)).toEqual({ url: redirectUrl, allowed: true });
    expect(await redirectOf(pro, null)).toEqual({
      url: 'https://forms.example.com/thank-you',
      allowed: true,
    });
  });

  test('a redirectUrl that is not an absolute http(s) URL is 400', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId, { fields: [] });
    const text = 'redirectUrl must be an absolute http(s) URL';

    for (const redirectUrl of ['/thanks', 'javascript:alert(1)', 'ftp://example.com/x', 'not a url']) {
      const response = await call(app, {
        method: 'POST',
        url: SUBMIT,
        key: owner.key,
        payload: { formId: form.id, data: {}, redirectUrl },
      });

      expect([redirectUrl, response.statusCode, errorBody(response)]).toEqual([
        redirectUrl,
        400,
        {
          error: text,
          message: text,
          code: 'BAD_REQUEST',
          issues: [expect.objectContaining({ path: ['redirectUrl'], message: text })],
        },
      ]);
    }
  });
});

describe('form checks', () => {
  test('a missing form is 404 "Form not found"; another user\'s form is the foreign-form 403', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const other = await createOwner();
    const foreign = await createTestForm(other.userId);
    const missing = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: '65a000000000000000000000', data: {} },
    });
    const notAnId = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: 'abc', data: {} },
    });
    const foreignResponse = await call(app, {
      method: 'POST',
      url: SUBMIT,
      key: owner.key,
      payload: { formId: foreign.id, data: {} },
    });

    expect([missing.statusCode, errorBody(missing)]).toEqual([
      404,
      { error: 'Form not found', message: 'Form not found', code: 'NOT_FOUND' },
    ]);
    expect(notAnId.statusCode).toBe(404);
    expect([foreignResponse.statusCode, errorBody(foreignResponse)]).toEqual([
      403,
      { error: 'Form does not belong to this user', message: 'Unauthorized', code: 'FORBIDDEN' },
    ]);
  });
});
