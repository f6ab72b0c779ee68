import { webhookEndpointRepository } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { loadConfig } from '../config/load-config.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createForm } from '../forms/create-form.js';
import { submitForm } from '../submissions/submit-form.js';
import { getUsage } from '../usage/get-usage.js';
import { createUser } from '../users/create-user.js';
import { createWebhookEndpoint } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { getWebhookEndpoint } from './get-webhook-endpoint.js';
import { listWebhookEndpoints } from './list-webhook-endpoints.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
import { updateWebhookEndpoint } from './update-webhook-endpoint.js';

useTestDatabase('core_webhooks');

describe('webhook endpoints', () => {
  test('create, list without secrets, update, rotate, delete; plan limit; scoped', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'FREE' } });
    const other = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'F', formType: 'contact' },
    });
    const created = await createWebhookEndpoint({
      config: testConfig,
      userId: user.id,
      formId: form.id,
      url: 'https://hooks.example.com/a',
    });

    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    expect(JSON.stringify(await listWebhookEndpoints({ userId: user.id, formId: form.id }))).not.toContain(
      created.secret,
    );
    expect(
      (
        await appErrorOf(
          createWebhookEndpoint({
            config: testConfig,
            userId: user.id,
            formId: form.id,
            url: 'https://b.example',
          }),
        )
      ).message,
    ).toBe('Webhook endpoint limit reached (1/1) for your plan');
    expect(
      (
        await appErrorOf(
          createWebhookEndpoint({ config: testConfig, userId: user.id, formId: form.id, url: 'ftp://x' }),
        )
      ).httpStatus,
    ).toBe(400);
    const foreign = await appErrorOf(listWebhookEndpoints({ userId: other.id, formId: form.id }));
    expect([foreign.httpStatus, foreign.message, foreign.error]).toEqual([
      403,
      'Unauthorized',
      'Form does not belong to this user',
    ]);

    const ids = { userId: user.id, formId: form.id, endpointId: created.id };
    expect(
      await updateWebhookEndpoint({ ...ids, config: testConfig, data: { enabled: false } }),
    ).toMatchObject({
      enabled: false,
    });
    const actor = { id: user.id, plan: 'FREE' as const, quotaLimit: 10 };
    expect(
      (await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: {} } })).outbox,
    ).toEqual([]);
    const rotated = await rotateWebhookSecret(ids);
    expect(rotated.secret).not.toBe(created.secret);
    expect((await appErrorOf(deleteWebhookEndpoint({ ...ids, userId: other.id }))).httpStatus).toBe(403);
    await deleteWebhookEndpoint(ids);
    expect(await listWebhookEndpoints({ userId: user.id, formId: form.id })).toEqual([]);
    expect(await getUsage({ userId: user.id })).toMatchObject({ used: 1, limit: 200, plan: 'FREE' });
  });

  test('the per-form cap holds under concurrent creates, and a delete frees one slot', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'STANDARD' } });
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'F', formType: 'contact' },
    });
    const create = (i: number) =>
      createWebhookEndpoint({
        config: testConfig,
        userId: user.id,
        formId: form.id,
        url: `https://hooks.example.com/${i}`,
      });
    const results = await Promise.allSettled(Array.from({ length: 12 }, (_, i) => create(i)));
    const created = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));

    expect(created).toHaveLength(5);
    const error = await appErrorOf(create(99));
    expect([error.httpStatus, error.message]).toEqual([
      403,
      'Webhook endpoint limit reached (5/5) for your plan',
    ]);
    const ids = { userId: user.id, formId: form.id, endpointId: created[0]?.id ?? '' };
    await deleteWebhookEndpoint(ids);
    expect((await appErrorOf(deleteWebhookEndpoint(ids))).httpStatus).toBe(404);
    await create(100);
    expect((await appErrorOf(create(101))).httpStatus).toBe(403);
  });

  test('rotation keeps the replaced secret for 24 hours; views never carry a secret', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'F', formType: 'contact' },
    });
    const created = await createWebhookEndpoint({
      config: testConfig,
      userId: user.id,
      formId: form.id,
      url: 'https://hooks.example.com/r',
      headers: [{ name: 'Authorization', value: 'Bearer receiver-token' }],
    });
    const ids = { userId: user.id, formId: form.id, endpointId: created.id };
    const now = new Date('2026-11-23T12:00:00.000Z');

    const rotated = await rotateWebhookSecret({ ...ids, now });
    const stored = await webhookEndpointRepository.findById({ userId: user.id, endpointId: created.id });
    expect([stored?.secret, stored?.previousSecret, stored?.previousSecretExpiresAt?.toISOString()]).toEqual([
      rotated.secret,
      created.secret,
      '2026-11-24T12:00:00.000Z',
    ]);
    const twice = await rotateWebhookSecret({ ...ids, now });
    const again = await webhookEndpointRepository.findById({ userId: user.id, endpointId: created.id });
    expect([again?.secret, again?.previousSecret]).toEqual([twice.secret, rotated.secret]);

    const view = await getWebhookEndpoint(ids);
    // A credential header is shown masked; delivery reads the stored value.
    expect(view.headers).toEqual([{ name: 'Authorization', value: 'Bearer ***' }]);
    expect(again?.headers.map(({ value }) => value)).toEqual(['Bearer receiver-token']);
    const shown = JSON.stringify([view, await listWebhookEndpoints({ userId: user.id, formId: form.id })]);
    for (const secret of [created.secret, rotated.secret, twice.secret, 'receiver-token']) {
      expect(shown).not.toContain(secret);
    }
  });

  test('headers: reserved, hop-by-hop, duplicate, malformed and too many are 400s', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'F', formType: 'contact' },
    });
    const create = (headers: { name: string; value: string }[]) =>
      createWebhookEndpoint({
        config: testConfig,
        userId: user.id,
        formId: form.id,
        url: 'https://h.example',
        headers,
      });
    const bad = [
      [{ name: 'X-Service-Signature', value: 'forged' }],
      [{ name: 'webhook-signature', value: 'v1,forged' }],
      [{ name: 'Transfer-Encoding', value: 'chunked' }],
      [{ name: 'Host', value: 'elsewhere' }],
      [{ name: 'X-Token', value: 'a\r\nX-Injected: 1' }],
      [{ name: 'Bad Name', value: 'x' }],
      [{ name: 'X-Token', value: 'x'.repeat(1001) }],
      [
        { name: 'X-A', value: '1' },
        { name: 'x-a', value: '2' },
      ],
      Array.from({ length: 11 }, (_, i) => ({ name: `X-H${i}`, value: 'v' })),
    ];
    for (const headers of bad) {
      const error = await appErrorOf(create(headers));
      expect([headers[0]?.name, error.httpStatus, error.message]).toEqual([
        headers[0]?.name,
        400,
        expect.stringMatching(/^headers/),
      ]);
    }
    expect(await listWebhookEndpoints({ userId: user.id, formId: form.id })).toEqual([]);
  });
});

describe('private webhook targets', () => {
  const allowing = loadConfig({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });

  test('refused at creation and on a URL change, naming ALLOW_PRIVATE_WEBHOOK_TARGETS; accepted when it is on', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'F', formType: 'contact' },
    });
    const create = (url: string, config = testConfig) =>
      createWebhookEndpoint({ config, userId: user.id, formId: form.id, url });

    const refusals = [];
    for (const url of [
      'http://127.0.0.1:9/hook',
      'http://localhost:8080/',
      'http://[::1]/x',
      'http://10.1.2.3/',
    ]) {
      const error = await appErrorOf(create(url));
      refusals.push([url, error.httpStatus, error.message]);
    }
    const allowed = await create('http://127.0.0.1:9/hook', allowing);
    const publicOne = await create('https://hooks.example.com/a');
    const moved = await appErrorOf(
      updateWebhookEndpoint({
        userId: user.id,
        formId: form.id,
        endpointId: publicOne.id,
        config: testConfig,
        data: { url: 'http://192.168.1.10/hook' },
      }),
    );

    expect(refusals).toEqual(
      [
        ['http://127.0.0.1:9/hook', '127.0.0.1'],
        ['http://localhost:8080/', 'localhost'],
        ['http://[::1]/x', '::1'],
        ['http://10.1.2.3/', '10.1.2.3'],
      ].map(([url, host]) => [
        url,
        400,
        `Webhook URL points to a private or loopback address (${host}): deliveries to it are refused unless the server runs with ALLOW_PRIVATE_WEBHOOK_TARGETS=true`,
      ]),
    );
    expect(allowed.url).toBe('http://127.0.0.1:9/hook');
    expect([moved.httpStatus, moved.message]).toEqual([
      400,
      expect.stringContaining('ALLOW_PRIVATE_WEBHOOK_TARGETS'),
    ]);
    expect(
      (await listWebhookEndpoints({ userId: user.id, formId: form.id })).map(({ url }) => url).sort(),
    ).toEqual(['http://127.0.0.1:9/hook', 'https://hooks.example.com/a']);
  });
});
