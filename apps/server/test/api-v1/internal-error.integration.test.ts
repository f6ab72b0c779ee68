import { once } from 'node:events';

import { startTestEngine } from '@formwell/embedded-mongo/testing';
import mongoose from 'mongoose';
import { expect, test } from 'vitest';

import { buildLimitedApp } from './helpers/build-limited-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

const INTERNAL = {
  error: 'Internal server error',
  message: 'Internal server error',
  code: 'INTERNAL_SERVER_ERROR',
};

test('the database going away mid-flight: 500 "Internal server error", no internal text in the body', async () => {
  // A private engine, so stopping it touches no other test.
  const mongo = await startTestEngine();
  const { app } = await buildLimitedApp({ mongoUri: `${mongo.uri.replace(/\/$/, '')}/gone` });
  const owner = await createOwner();
  const form = await createTestForm(owner.userId);
  // The app's driver must see the database gone before the requests: one sent in the instant after
  // the stop meets pooled sockets the in-process engine half-closed, and the driver's close then
  // waits on them for ever (a race of the engine's stop and the driver, not of the server).
  const gone = once(mongoose.connection, 'disconnected');
  await mongo.stop();
  await gone;

  const responses = await Promise.all([
    call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key }),
    call(app, { method: 'GET', url: `/api/v1/forms/${form.id}/users-joined`, key: owner.key }),
    call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key: owner.key,
      payload: { formId: form.id, data: { email: 'a@example.com' } },
    }),
  ]);

  for (const response of responses) {
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual(INTERNAL);
  }
});
