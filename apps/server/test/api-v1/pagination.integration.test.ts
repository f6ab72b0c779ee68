import { randomInt } from 'node:crypto';

import { loadConfig, submitForm } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

// Enough forms for a few pages of the forms list.
const manyFormsConfig = loadConfig({ env: { PLAN_PRO_MAX_FORMS: '200' } });

type TItem = { id: string; createdAt: string };

/** newest first: createdAt desc, then id desc, as every list is ordered. */
function isOrdered(items: TItem[]): boolean {
  return items.every((item, index) => {
    const previous = items[index - 1];
    if (!previous) {
      return true;
    }

    return (
      previous.createdAt > item.createdAt || (previous.createdAt === item.createdAt && previous.id > item.id)
    );
  });
}

describe('submissions listing', () => {
  test('random data with equal timestamps and inserts between pages: each original item once, in order', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: [] });
    const user = { id: owner.userId, plan: owner.plan, quotaLimit: 100_000 };
    // Few distinct instants, so most items share their timestamp with others.
    const instants = Array.from({ length: 4 }, (_, index) => new Date(Date.UTC(2026, 0, 10, 12, 0, index)));
    const submit = async (now: Date) =>
      (
        await submitForm({
          config: testCoreConfig,
          user,
          input: { formId: form.id, data: { n: randomInt(1_000_000), tag: 'x'.repeat(randomInt(20)) } },
          now,
        })
      ).response.submissionId;
    const originals = new Set<string>();
    for (let index = 0; index < 43; index++) {
      originals.add(await submit(instants[randomInt(instants.length)] ?? new Date()));
    }

    const seen: TItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=6&cursor=${cursor}` : 'limit=6';
      const response = await call(app, {
        method: 'GET',
        url: `/api/v1/forms/${form.id}/submissions?${query}`,
        key: owner.key,
      });
      expect(response.statusCode).toBe(200);
      const page = response.json<{ submissions: TItem[]; nextCursor: string | null }>();
      expect(page.submissions.length).toBeLessThanOrEqual(6);
      seen.push(...page.submissions);
      cursor = page.nextCursor;
      pages++;
      // Inserts between pages: at an instant already used (same timestamp, newer id) and at a newer one.
      await submit(instants[randomInt(instants.length)] ?? new Date());
      await submit(new Date(Date.UTC(2026, 0, 11)));
    } while (cursor !== null && pages < 50);

    const seenIds = seen.map((item) => item.id);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    expect([...originals].filter((id) => !seenIds.includes(id))).toEqual([]);
    expect(isOrdered(seen)).toBe(true);
    expect(pages).toBeGreaterThanOrEqual(8);
  });

  test('nextCursor is null exactly on the last page; a limit of 100 is accepted; default is 50', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId, { fields: [] });
    const user = { id: owner.userId, plan: owner.plan, quotaLimit: 100_000 };
    for (let index = 0; index < 55; index++) {
      await submitForm({ config: testCoreConfig, user, input: { formId: form.id, data: { n: index } } });
    }
    const url = `/api/v1/forms/${form.id}/submissions`;

    const byDefault = (await call(app, { method: 'GET', url, key: owner.key })).json<{
      submissions: unknown[];
      nextCursor: string;
    }>();
    const all = (await call(app, { method: 'GET', url: `${url}?limit=100`, key: owner.key })).json<{
      submissions: unknown[];
      nextCursor: unknown;
    }>();
    const rest = (
      await call(app, { method: 'GET', url: `${url}?cursor=${byDefault.nextCursor}`, key: owner.key })
    ).json<{
      submissions: unknown[];
      nextCursor: unknown;
    }>();

    expect(byDefault.submissions).toHaveLength(50);
    expect(typeof byDefault.nextCursor).toBe('string');
    expect(all.submissions).toHaveLength(55);
    expect(all.nextCursor).toBeNull();
    expect(rest.submissions).toHaveLength(5);
    expect(rest.nextCursor).toBeNull();
  });
});

describe('forms listing', () => {
  test('pages through every form once, newest first, with forms created between pages', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const originals: string[] = [];
    for (let index = 0; index < 23; index++) {
      originals.push((await createTestForm(owner.userId, { name: `Form ${index}` }, manyFormsConfig)).id);
    }

    const seen: TItem[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `limit=5&cursor=${encodeURIComponent(cursor)}` : 'limit=5';
      const page = (
        await call(app, { method: 'GET', url: `/api/v1/forms/list?${query}`, key: owner.key })
      ).json<{
        forms: TItem[];
        nextCursor: string | null;
      }>();
      seen.push(...page.forms);
      cursor = page.nextCursor;
      await createTestForm(owner.userId, { name: 'created between pages' }, manyFormsConfig);
    } while (cursor !== null);

    const seenIds = seen.map((item) => item.id);
    expect(new Set(seenIds).size).toBe(seenIds.length);
    expect(originals.filter((id) => !seenIds.includes(id))).toEqual([]);
    expect(isOrdered(seen)).toBe(true);
  });
});

describe('bad paging parameters → 400', () => {
  test('limit outside 1..100 or not an integer, and a cursor that does not decode', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);

    for (const base of ['/api/v1/forms/list', `/api/v1/forms/${form.id}/submissions`]) {
      for (const limit of ['0', '101', '-1', '1.5', 'abc', '1e3', '99999999999999999999']) {
        const response = await call(app, { method: 'GET', url: `${base}?limit=${limit}`, key: owner.key });

        expect([base, limit, response.statusCode]).toEqual([base, limit, 400]);
        expect(errorBody(response)).toMatchObject({ error: 'Input validation failed', code: 'BAD_REQUEST' });
        expect(JSON.stringify(errorBody(response).issues)).toContain(
          'limit must be an integer between 1 and 100',
        );
      }
      for (const cursor of ['garbage', 'bm90LWEtY3Vyc29y', '%24gt', 'MTIzOmFiYw']) {
        const response = await call(app, { method: 'GET', url: `${base}?cursor=${cursor}`, key: owner.key });

        expect([base, cursor, response.statusCode, errorBody(response)]).toEqual([
          base,
          cursor,
          400,
          {
            error: 'Invalid cursor',
            message: 'Invalid cursor',
            code: 'BAD_REQUEST',
            issues: [{ code: 'custom', path: ['cursor'], message: 'Invalid cursor' }],
          },
        ]);
      }
    }
  });
});
