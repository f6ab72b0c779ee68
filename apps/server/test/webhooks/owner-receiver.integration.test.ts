import { createHmac, randomBytes } from 'node:crypto';

import { getInboundReceiver, listInboundEvents } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { dashboardClient, signUpAndLogIn } from '../trpc/dashboard-client.js';

const SHARED = `shared-${randomBytes(16).toString('hex')}`;
const PUBLIC_URL = 'http://localhost:3000';

function sign(body: string, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(body).digest('hex');
}

function notification(formId: string, submissionId: string) {
  return JSON.stringify({
    event: 'form.submission.created',
    timestamp: new Date().toISOString(),
    data: { formId, submissionId, fields: { email: 'a@example.com' } },
  });
}

function post(app: FastifyInstance, url: string, body: string, secret: string) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', 'x-service-signature': sign(body, secret) },
    payload: body,
  });
}

async function submissionIdsSeenBy(userId: string) {
  const { events } = await listInboundEvents({ user: { id: userId, role: 'OWNER' }, limit: 100 });

  return events.map((event) => `${event.formId}/${event.submissionId}`).sort();
}

describe("an owner's own custom receiver", () => {
  test('signed with the owner secret: filed under that owner only, whatever form it names; other secrets refused', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SHARED, PUBLIC_URL });
    const alice = await createOwner();
    const bob = await createOwner();
    const bobsForm = await createTestForm(bob.userId);
    const receiver = await getInboundReceiver({ userId: alice.userId, publicUrl: PUBLIC_URL });
    const path = new URL(receiver.url).pathname;
    // Alice relays a submission of another deployment whose form id happens to be one of Bob's.
    const relayed = notification(bobsForm.id, 'sub-relayed');

    const accepted = await post(app, path, relayed, receiver.secret);
    const withShared = await post(app, path, notification('f', 's'), SHARED);
    const withBobs = await post(
      app,
      path,
      notification('f', 's'),
      (await getInboundReceiver({ userId: bob.userId, publicUrl: PUBLIC_URL })).secret,
    );
    const unknown = await post(app, '/api/webhooks/custom/rcv_nosuchreceiver', relayed, receiver.secret);

    expect(receiver.url).toMatch(/^http:\/\/localhost:3000\/api\/webhooks\/custom\/rcv_[\w-]{16}$/);
    expect(receiver.secret).toMatch(/^whrs_[\w-]{43}$/);
    expect([accepted.statusCode, accepted.json()]).toEqual([200, { received: true }]);
    expect([withShared.statusCode, withBobs.statusCode, unknown.statusCode]).toEqual([401, 401, 401]);
    expect(await submissionIdsSeenBy(alice.userId)).toEqual([`${bobsForm.id}/sub-relayed`]);
    expect(await submissionIdsSeenBy(bob.userId)).toEqual([]);
  });

  test('rotation replaces the secret and keeps the URL', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SHARED, PUBLIC_URL });
    const owner = await createOwner();
    const before = await getInboundReceiver({ userId: owner.userId, publicUrl: PUBLIC_URL });
    const again = await getInboundReceiver({ userId: owner.userId, publicUrl: PUBLIC_URL });
    const after = await getInboundReceiver({ userId: owner.userId, publicUrl: PUBLIC_URL, rotate: true });
    const path = new URL(after.url).pathname;

    expect(again).toEqual(before);
    expect([after.url, after.secret === before.secret]).toEqual([before.url, false]);
    expect((await post(app, path, notification('f', 'old'), before.secret)).statusCode).toBe(401);
    expect((await post(app, path, notification('f', 'new'), after.secret)).statusCode).toBe(200);
  });
});

describe('the shared receiver (CUSTOM_WEBHOOK_SECRET)', () => {
  test('keys events by form and submission: an id claimed first on another form does not swallow the real one', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SHARED, PUBLIC_URL });
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);
    const submissionId = `sub-${randomBytes(6).toString('hex')}`;

    const squatter = await post(
      app,
      '/api/webhooks/custom',
      notification('someone-elses-form', submissionId),
      SHARED,
    );
    const genuine = await post(app, '/api/webhooks/custom', notification(form.id, submissionId), SHARED);
    const repeat = await post(app, '/api/webhooks/custom', notification(form.id, submissionId), SHARED);

    expect([squatter.statusCode, genuine.statusCode, repeat.statusCode]).toEqual([200, 200, 200]);
    expect(await submissionIdsSeenBy(owner.userId)).toEqual([`${form.id}/${submissionId}`]);
  });
});

describe('the dashboard shows and rotates the signed-in owner receiver', () => {
  test('webhooks.inboundReceiver answers the same receiver each time; rotateInboundReceiver a new secret', async () => {
    const { app } = await buildTestApp({ CUSTOM_WEBHOOK_SECRET: SHARED, PUBLIC_URL });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const session = dashboardClient(address);
    await signUpAndLogIn(session.client, {
      email: `receiver-${randomBytes(4).toString('hex')}@example.com`,
      password: 'correct horse battery',
      name: 'Receiver',
    });

    const shown = await session.client.webhooks.inboundReceiver.query({});
    const again = await session.client.webhooks.inboundReceiver.query({});
    const rotated = await session.client.webhooks.rotateInboundReceiver.mutate({});
    const path = new URL(rotated.url).pathname;

    expect(again).toEqual(shown);
    expect([rotated.url, rotated.secret === shown.secret]).toEqual([shown.url, false]);
    expect((await post(app, path, notification('f', 'via-dashboard'), rotated.secret)).statusCode).toBe(200);
    expect(
      (await session.client.webhooks.listInboundEvents.query({})).events.map((e) => e.submissionId),
    ).toEqual(['via-dashboard']);
  });
});
