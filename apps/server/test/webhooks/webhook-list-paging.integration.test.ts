import { createWebhookEndpoint } from '@formwell/core';
import { expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call, errorBody } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

type TListBody = { webhooks: { id: string; createdAt: string }[]; nextCursor: string | null };

/** The webhooks list pages like every list: `limit` 1..100 (400 outside), opaque `cursor`, `nextCursor`. */
test('GET webhooks pages newest first with limit and cursor, and refuses a bad limit or cursor', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId, { fields: [] });
  for (let n = 0; n < 7; n += 1) {
    await createWebhookEndpoint({
      config: testCoreConfig,
      userId: owner.userId,
      formId: form.id,
      url: `https://hooks.example.com/${n}`,
    });
  }
  const url = `/api/v1/forms/${form.id}/webhooks`;
  const get = (query: string) => call(app, { method: 'GET', url: `${url}${query}`, key: owner.key });

  const whole = await get('');
  expect(whole.statusCode).toBe(200);
  const all = whole.json<TListBody>();
  expect([all.webhooks.length, all.nextCursor]).toEqual([7, null]);
  const newestFirst = all.webhooks.toSorted(
    (a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id),
  );
  expect(all.webhooks.map((w) => w.id)).toEqual(newestFirst.map((w) => w.id));

  const pages: TListBody[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const response = await get(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
    expect(response.statusCode).toBe(200);
    const page: TListBody = response.json<TListBody>();
    pages.push(page);
    cursor = page.nextCursor;
  }
  expect(pages.map((page) => page.webhooks.length)).toEqual([3, 3, 1]);
  expect(pages.flatMap((page) => page.webhooks.map((w) => w.id))).toEqual(all.webhooks.map((w) => w.id));

  for (const [query, field, text] of [
    ['?limit=0', 'limit', 'limit must be an integer between 1 and 100'],
    ['?limit=101', 'limit', 'limit must be an integer between 1 and 100'],
    ['?cursor=nope', 'cursor', 'Invalid cursor'],
  ] as const) {
    const refused = await get(query);
    expect(refused.statusCode, query).toBe(400);
    expect(errorBody(refused), query).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [expect.objectContaining({ path: [field], message: text })],
    });
  }
});
