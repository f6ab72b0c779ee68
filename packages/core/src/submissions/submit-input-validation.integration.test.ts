import { submissionRepository } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { AppError } from '../errors/app-error.js';
import { createForm } from '../forms/create-form.js';
import type { TCreateFormInput } from '../forms/z-form-input.js';
import { createUser } from '../users/create-user.js';
import { setUserPlan } from '../users/set-user-plan.js';
import { listSubmissions } from './list-submissions.js';
import { submitForm } from './submit-form.js';

useTestDatabase('core_submit_input');

async function owner() {
  const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
  const updated = await setUserPlan({ config: testConfig, userId: user.id, plan: 'PRO' });

  return { id: user.id, plan: 'PRO' as const, quotaLimit: updated.quotaLimit };
}

async function form(userId: string, fields: TCreateFormInput['fields']) {
  return createForm({ config: testConfig, userId, input: { name: 'Input', formType: 'contact', fields } });
}

/** What was stored, whichever folder the spam classifier filed it in (a long run of one emoji is "repeated"). */
async function stored(userId: string, formId: string) {
  const folder = async (status: 'inbox' | 'spam') =>
    (await submissionRepository.list({ userId, formId, limit: 100, filter: { status } })).items;

  return [...(await folder('inbox')), ...(await folder('spam'))];
}

/** `data` as a JSON body would carry it: nested `levels` deep, parsed (not built) like a request. */
function deepJson(levels: number): unknown {
  return JSON.parse(`${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`);
}

describe('submit: a form without declared fields (any flat object)', () => {
  test('a key with NUL or another control character is a 400 naming the key; nothing is stored', async () => {
    const user = await owner();
    const f = await form(user.id, []);
    for (const key of ['a\u0000b', '\u0000', 'a\u001fb', 'a\u007f', 'a\uD800']) {
      const error = await appErrorOf(
        submitForm({ config: testConfig, user, input: { formId: f.id, data: { [key]: 'x', ok: 1 } } }),
      );

      expect([JSON.stringify(key), error.httpStatus, error.toBody()]).toMatchObject([
        JSON.stringify(key),
        400,
        {
          error: 'Invalid submission data',
          fieldErrors: { [key]: 'Keys may not contain control characters or invalid Unicode' },
        },
      ]);
    }
    expect(await stored(user.id, f.id)).toEqual([]);
  });

  test('a value nested 5,000 levels deep is a 400, not a stack overflow', async () => {
    const user = await owner();
    const f = await form(user.id, []);
    const error = await appErrorOf(
      submitForm({ config: testConfig, user, input: { formId: f.id, data: { a: deepJson(5_000), b: 'x' } } }),
    );

    expect([error.httpStatus, error.toBody()]).toMatchObject([
      400,
      { error: 'Invalid submission data', fieldErrors: { a: 'Must be a string, number, boolean or null' } },
    ]);
  });

  test('"$", "." and _gotcha keep their rules', async () => {
    const user = await owner();
    const f = await form(user.id, []);
    const paths = await appErrorOf(
      submitForm({ config: testConfig, user, input: { formId: f.id, data: { $set: 1, 'a.b': 2 } } }),
    );
    const spam = await submitForm({
      config: testConfig,
      user,
      input: { formId: f.id, data: { _gotcha: deepJson(5_000) } },
    });

    expect(paths.toBody()).toMatchObject({
      fieldErrors: {
        $set: 'Keys may not be empty, contain "." or start with "$"',
        'a.b': 'Keys may not be empty, contain "." or start with "$"',
      },
    });
    expect(spam.spam).toBe(true);
    expect(await stored(user.id, f.id)).toEqual([]);
  });

  test('10,000 emoji are 10,000 characters: accepted and stored intact', async () => {
    const user = await owner();
    const f = await form(user.id, []);
    const text = '😀'.repeat(10_000);
    const result = await submitForm({ config: testConfig, user, input: { formId: f.id, data: { text } } });
    const tooLong = await appErrorOf(
      submitForm({ config: testConfig, user, input: { formId: f.id, data: { text: `${text}😀` } } }),
    );

    expect(result.response.success).toBe(true);
    expect((await stored(user.id, f.id)).map((submission) => submission.data)).toEqual([{ text }]);
    expect(tooLong.toBody()).toMatchObject({ fieldErrors: { text: 'Must be at most 10000 characters' } });
  });
});

describe('submit: no input shape is a 500', () => {
  const deep = deepJson(5_000);
  const shapes: unknown[] = [
    deep,
    [deep],
    [[[['x']]]],
    { $gt: '' },
    [{ $where: 'x' }],
    [{ 'a\u0000': 1 }],
    [{ 'a.b': 1 }],
    [{ productId: deep }],
    'a\u0000b',
    '\uD800',
    '😀'.repeat(10_001),
    -0,
    1e308,
    '',
    null,
    true,
    [],
    {},
  ];

  async function outcome(promise: Promise<unknown>): Promise<number> {
    try {
      await promise;

      return 201;
    } catch (error) {
      return error instanceof AppError ? error.httpStatus : 500;
    }
  }

  test('every shape under every key kind gets a 201 or a 4xx, never a thrown non-AppError', async () => {
    const user = await owner();
    const free = await form(user.id, []);
    const declared = await form(user.id, [
      { name: 'name', type: 'text' },
      { name: 'email', type: 'email' },
      { name: 'age', type: 'number' },
      { name: 'agree', type: 'checkbox' },
      { name: 'topic', type: 'select', options: ['a'] },
      { name: 'day', type: 'date' },
      { name: 'site', type: 'url' },
      { name: 'stars', type: 'rating' },
      { name: 'cart', type: 'product' },
    ]);
    const results: [string, string, number][] = [];
    for (const [index, value] of shapes.entries()) {
      const label = `#${index}`;
      results.push([
        label,
        'free',
        await outcome(
          submitForm({ config: testConfig, user, input: { formId: free.id, data: { v: value } } }),
        ),
      ]);
      for (const key of [
        'name',
        'email',
        'age',
        'agree',
        'topic',
        'day',
        'site',
        'stars',
        'cart',
        'unknown',
        'a\u0000',
      ]) {
        results.push([
          label,
          JSON.stringify(key),
          await outcome(
            submitForm({ config: testConfig, user, input: { formId: declared.id, data: { [key]: value } } }),
          ),
        ]);
      }
    }

    expect(results.filter(([, , status]) => status >= 500)).toEqual([]);
  });
});

describe('submit: redirectUrl', () => {
  test('"" is a 400 with the documented text, checked before the form (400 before 404)', async () => {
    const user = await owner();
    const f = await form(user.id, []);
    for (const formId of [f.id, '000000000000000000000000']) {
      const error = await appErrorOf(
        submitForm({ config: testConfig, user, input: { formId, data: { a: 1 }, redirectUrl: '' } }),
      );

      expect([error.httpStatus, error.message]).toEqual([400, 'redirectUrl must be an absolute http(s) URL']);
    }
    expect(await stored(user.id, f.id)).toEqual([]);
  });

  test('null and absent stay allowed', async () => {
    const user = await owner();
    const f = await form(user.id, []);
    const viaNull = await submitForm({
      config: testConfig,
      user,
      input: { formId: f.id, data: { a: 1 }, redirectUrl: null },
    });
    const absent = await submitForm({ config: testConfig, user, input: { formId: f.id, data: { a: 1 } } });

    expect([viaNull.response.redirect.allowed, absent.response.redirect.allowed]).toEqual([true, true]);
  });
});

describe('submissions filter', () => {
  test('an impossible date is the same 400 as a malformed one', async () => {
    const user = await owner();
    const f = await form(user.id, []);
    for (const [name, value] of [
      ['startDate', '2026-02-30'],
      ['endDate', '2026-02-30'],
      ['startDate', 'bad'],
    ] as const) {
      const error = await appErrorOf(listSubmissions({ userId: user.id, formId: f.id, [name]: value }));

      expect([value, error.httpStatus, error.message]).toEqual([
        value,
        400,
        `${name} must be an ISO 8601 date`,
      ]);
    }
    const ok = await listSubmissions({
      userId: user.id,
      formId: f.id,
      startDate: '2024-02-29',
      endDate: '2026-02-28',
    });

    expect(ok.submissions).toEqual([]);
  });
});
