import { submitForm } from '@formwell/core';
import { FormModel, SubmissionModel } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

/** A test app whose MongoDB commands on the submissions collection are counted. */
async function countingApp() {
  const uri = new URL(testMongoUri('csv_head'));
  // The driver emits commandStarted for every command only when asked at connect time.
  uri.searchParams.set('monitorCommands', 'true');
  const { app } = await buildTestApp({ MONGODB_URI: uri.toString() });
  // The models' background index builds must not land inside a counted request.
  await Promise.all(Object.values(FormModel.db.models).map((model) => model.init()));
  const submissions = SubmissionModel.collection.collectionName;
  let reads = 0;
  FormModel.db.getClient().on('commandStarted', (event) => {
    const command = event.command as Record<string, unknown>;
    if (command[event.commandName] === submissions || event.commandName === 'getMore') reads += 1;
  });

  return {
    app,
    /** The response and the submissions commands sent for it (inject reads a stream to its end). */
    async withSubmissionCommands<T>(request: () => Promise<T>): Promise<[T, number]> {
      reads = 0;
      const response = await request();

      return [response, reads];
    },
  };
}

test('HEAD on the CSV export answers the GET headers after the same checks, reading no submission', async () => {
  const counting = await countingApp();
  const { app } = counting;
  const owner = await createOwner();
  // No declared fields: the GET reads the submissions once for the columns, then again for the rows.
  const form = await createTestForm(owner.userId, { name: 'Sign-ups', fields: [] });
  for (const email of ['a@example.com', 'b@example.com']) {
    await submitForm({
      config: testCoreConfig,
      user: { id: owner.userId, plan: owner.plan, quotaLimit: 1000 },
      input: { formId: form.id, data: { email } },
    });
  }
  const url = `/api/v1/forms/${form.id}/submissions/export.csv`;

  const [get, getReads] = await counting.withSubmissionCommands(() =>
    call(app, { method: 'GET', url, key: owner.key }),
  );
  const [head, headReads] = await counting.withSubmissionCommands(() =>
    call(app, { method: 'HEAD', url, key: owner.key }),
  );

  expect(get.body).toContain('a@example.com');
  expect(getReads).toBeGreaterThan(0);
  expect(headReads).toBe(0);
  expect(head.statusCode).toBe(200);
  expect(head.body).toBe('');
  for (const name of ['content-type', 'content-disposition', 'cache-control', 'x-ratelimit-limit']) {
    expect([name, head.headers[name]]).toEqual([name, get.headers[name]]);
  }
  // A streamed GET has no Content-Length, so its HEAD claims none either.
  expect(head.headers['content-length']).toBeUndefined();

  // The same refusals as the GET: a parameter it does not take, a form that is not there, no key.
  const badQuery = await call(app, { method: 'HEAD', url: `${url}?sort=asc`, key: owner.key });
  const unknownForm = await call(app, {
    method: 'HEAD',
    url: '/api/v1/forms/000000000000000000000000/submissions/export.csv',
    key: owner.key,
  });
  const noKey = await call(app, { method: 'HEAD', url });
  expect([badQuery.statusCode, unknownForm.statusCode, noKey.statusCode]).toEqual([400, 404, 401]);
  // A HEAD carries no body; its GET twin says why.
  expect(errorBody(await call(app, { method: 'GET', url: `${url}?sort=asc`, key: owner.key }))).toMatchObject(
    {
      code: 'BAD_REQUEST',
    },
  );
});
