import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { formRepository, webhookEndpointRepository } from '@formwell/db';
import { platformSchemaErrors, type TPlatform } from '@formwell/vitest-config/platform-schemas';
import { afterAll, describe, expect, test } from 'vitest';

import { appErrorOf } from '../../test/app-error-of.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { loadConfig } from '../config/load-config.js';
import { createForm } from '../forms/create-form.js';
import { createRestHook } from '../hooks/create-rest-hook.js';
import { deleteRestHook } from '../hooks/delete-rest-hook.js';
import { submitForm } from '../submissions/submit-form.js';
import { createUser } from '../users/create-user.js';
import { createWebhookEndpoint } from '../webhooks/create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from '../webhooks/delete-webhook-endpoint.js';
import { deliverOutboxWebhook } from '../webhooks/delivery/deliver-outbox-webhook.js';
import { listWebhookDeliveries } from '../webhooks/delivery/list-webhook-deliveries.js';
import { redeliverWebhook } from '../webhooks/delivery/redeliver-webhook.js';
import { sendTestWebhook } from '../webhooks/delivery/send-test-webhook.js';
import { listWebhookEndpoints } from '../webhooks/list-webhook-endpoints.js';
import { createIntegration } from './create-integration.js';
import { listIntegrations } from './list-integrations.js';
import { setIntegrationEnabled } from './set-integration-enabled.js';

useTestDatabase('core_integrations');

const config = loadConfig({
  env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true', PUBLIC_URL: 'https://forms.example.com' },
});
const guarded = loadConfig({ env: {} });

type Received = { headers: IncomingHttpHeaders; body: unknown; schemaErrors: unknown[] };
const servers: Server[] = [];

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

/**
 * A stand-in for a platform's incoming webhook: it answers 400 to a body its platform's schema
 * refuses, as the platforms do, and `status` otherwise.
 */
async function platformReceiver(platform: TPlatform | null, status = 200) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body: unknown = JSON.parse(raw);
      const schemaErrors = platform ? platformSchemaErrors(platform, body) : [];
      received.push({ headers: req.headers, body, schemaErrors });
      res.statusCode = schemaErrors.length > 0 ? 400 : status;
      res.end(schemaErrors.length > 0 ? 'invalid_payload' : 'ok');
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/services/T1/B2/token`, received };
}

async function ownerWithForm(plan: 'FREE' | 'PRO' = 'PRO') {
  const user = await createUser({ config, input: { email: testEmail(), plan } });
  const form = await createForm({
    config,
    userId: user.id,
    input: {
      name: 'Contact <!channel>',
      formType: 'contact',
      fields: [
        { id: 'email', name: 'email', label: 'Email address', type: 'email', required: true },
        { id: 'message', name: 'message', label: 'Message', type: 'textarea', required: false },
      ],
    },
  });

  return { user, form };
}

/** Submits and runs each endpoint's outbox entry once, as the worker does. */
async function submitAndDeliver(owner: Awaited<ReturnType<typeof ownerWithForm>>, message: string) {
  const { outbox, response } = await submitForm({
    config,
    user: { id: owner.user.id, plan: owner.user.plan, quotaLimit: 1000 },
    input: { formId: owner.form.id, data: { email: 'jane@example.com', message } },
  });
  const outcomes = [];
  for (const item of outbox.filter((entry) => entry.kind === 'webhook')) {
    outcomes.push(
      await deliverOutboxWebhook({
        ids: {
          userId: owner.user.id,
          formId: owner.form.id,
          submissionId: item.submissionId,
          entryId: item.entryId,
          endpointId: item.endpointId ?? '',
        },
        lastAttempt: false,
        config: config.webhooks,
      }),
    );
  }

  return { submissionId: response.submissionId, outcomes };
}

describe('integrations', () => {
  test('a submission reaches Slack-, Discord- and Teams-shaped receivers with valid messages', async () => {
    const owner = await ownerWithForm();
    const receivers = {
      slack: await platformReceiver('slack'),
      discord: await platformReceiver('discord'),
      teams: await platformReceiver('teams'),
    };
    for (const type of ['slack', 'discord', 'teams'] as const) {
      const created = await createIntegration({
        config,
        userId: owner.user.id,
        formId: owner.form.id,
        input: { type, url: receivers[type].url },
      });
      // The URL is a secret: masked from creation on.
      expect(created.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/services\/…$/);
    }
    const hostile = `@everyone <!channel> <@U123> *bold* ${'x'.repeat(9_000)}`;
    const { submissionId, outcomes } = await submitAndDeliver(owner, hostile);
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['delivered', 'delivered', 'delivered']);
    for (const receiver of Object.values(receivers)) {
      expect(receiver.received).toHaveLength(1);
      expect(receiver.received[0]?.schemaErrors).toEqual([]);
      // Chat platforms are not handed a signature made with a secret nobody was shown.
      expect(receiver.received[0]?.headers['webhook-signature']).toBeUndefined();
      const text = JSON.stringify(receiver.received[0]?.body);
      expect(text).toContain(`https://forms.example.com/forms/${owner.form.id}?submission=${submissionId}`);
      expect(text).toContain('Email address');
      expect(text).toContain('…');
    }
    const listed = await listIntegrations({ userId: owner.user.id, formId: owner.form.id });
    expect(listed.integrations.map((item) => item.type).sort()).toEqual(['discord', 'slack', 'teams']);
    expect(listed.integrations.every((item) => item.url.endsWith('/services/…'))).toBe(true);
    // Integrations are not webhooks: the webhook list does not show them.
    expect(await listWebhookEndpoints({ userId: owner.user.id, formId: owner.form.id })).toEqual([]);
  });

  test('the delivery log, redelivery, test message and enable/disable work per integration', async () => {
    const owner = await ownerWithForm();
    const receiver = await platformReceiver('discord');
    const integration = await createIntegration({
      config,
      userId: owner.user.id,
      formId: owner.form.id,
      input: { type: 'discord', url: receiver.url },
    });
    const ids = {
      userId: owner.user.id,
      formId: owner.form.id,
      endpointId: integration.id,
      family: 'integration' as const,
    };
    await submitAndDeliver(owner, 'hello');
    const log = await listWebhookDeliveries(ids);
    expect(log.items).toHaveLength(1);
    expect(log.items[0]?.url).toMatch(/\/services\/…$/);
    const again = await redeliverWebhook({
      ...ids,
      deliveryId: log.items[0]?.id ?? '',
      config: config.webhooks,
    });
    expect(again.status).toBe('success');
    const sample = await sendTestWebhook({ ...ids, config: config.webhooks });
    expect(sample.status).toBe('success');
    expect(JSON.stringify(receiver.received[2]?.body)).toContain('Test message from Formwell');
    expect(receiver.received.every((request) => request.schemaErrors.length === 0)).toBe(true);

    const off = await setIntegrationEnabled({ ...ids, integrationId: integration.id, enabled: false });
    expect(off.enabled).toBe(false);
    const { outcomes } = await submitAndDeliver(owner, 'while off');
    expect(outcomes).toEqual([]);
    // A webhook id is not an integration, and an integration id is not a webhook.
    const webhook = await createWebhookEndpoint({
      config,
      userId: owner.user.id,
      formId: owner.form.id,
      url: receiver.url,
    });
    expect(
      (await appErrorOf(sendTestWebhook({ ...ids, endpointId: webhook.id, config: config.webhooks })))
        .message,
    ).toBe('Integration not found');
    expect(
      (
        await appErrorOf(
          deleteWebhookEndpoint({ userId: owner.user.id, formId: owner.form.id, endpointId: integration.id }),
        )
      ).message,
    ).toBe('Webhook endpoint not found');
  });

  test('bad input: a URL off the platform host, another user’s form, the plan cap', async () => {
    const owner = await ownerWithForm('FREE');
    const stranger = await ownerWithForm();
    const refused = await appErrorOf(
      createIntegration({
        config: guarded,
        userId: owner.user.id,
        formId: owner.form.id,
        input: { type: 'slack', url: 'https://evil.example.com/services/T/B/X' },
      }),
    );
    expect(refused.httpStatus).toBe(400);
    expect(refused.message).toMatch(/hooks\.slack\.com/);
    for (const url of ['http://hooks.slack.com/services/T/B/X', 'https://10.0.0.1/services/T/B/X']) {
      const error = await appErrorOf(
        createIntegration({
          config: guarded,
          userId: owner.user.id,
          formId: owner.form.id,
          input: { type: 'slack', url },
        }),
      );
      expect(error.httpStatus).toBe(400);
    }
    const accepted = await createIntegration({
      config: guarded,
      userId: owner.user.id,
      formId: owner.form.id,
      input: { type: 'discord', url: 'https://discord.com/api/webhooks/123/secret-token' },
    });
    expect(accepted.url).toBe('https://discord.com/api/…');
    const foreign = await appErrorOf(
      createIntegration({
        config,
        userId: owner.user.id,
        formId: stranger.form.id,
        input: { type: 'slack', url: 'https://hooks.slack.com/services/T/B/X' },
      }),
    );
    expect([foreign.httpStatus, foreign.message]).toEqual([403, 'Unauthorized']);
    // FREE: one outbound endpoint per form, shared by webhooks, integrations and hooks.
    const capped = await appErrorOf(
      createIntegration({
        config: guarded,
        userId: owner.user.id,
        formId: owner.form.id,
        input: {
          type: 'teams',
          url: 'https://prod-01.westus.logic.azure.com/workflows/abc/triggers/manual/paths/invoke',
        },
      }),
    );
    expect(capped.httpStatus).toBe(403);
  });

  test('the SSRF guard refuses a private target at delivery and logs why', async () => {
    const owner = await ownerWithForm();
    const receiver = await platformReceiver('slack');
    const integration = await createIntegration({
      config,
      userId: owner.user.id,
      formId: owner.form.id,
      input: { type: 'slack', url: receiver.url },
    });
    const sample = await sendTestWebhook({
      userId: owner.user.id,
      formId: owner.form.id,
      endpointId: integration.id,
      family: 'integration',
      config: guarded.webhooks,
    });
    expect(sample.status).toBe('failed');
    expect(sample.error).toMatch(/not allowed|private|blocked/i);
    expect(receiver.received).toHaveLength(0);
  });
});

describe('REST hooks', () => {
  test('a hook receives the signed event payload and is removed when its target answers 410', async () => {
    const owner = await ownerWithForm();
    const target = await platformReceiver(null);
    const { id } = await createRestHook({
      config,
      userId: owner.user.id,
      input: { targetUrl: target.url, event: 'form.submission.created', formId: owner.form.id },
    });
    const first = await submitAndDeliver(owner, 'one');
    expect(first.outcomes.map((outcome) => outcome.status)).toEqual(['delivered']);
    const delivered = target.received[0];
    expect(delivered?.body).toMatchObject({
      event: 'form.submission.created',
      data: { formId: owner.form.id, submissionId: first.submissionId, fields: { message: 'one' } },
    });
    expect(delivered?.headers['x-service-signature']).toMatch(/^[0-9a-f]{64}$/);
    expect(delivered?.headers['webhook-signature']).toMatch(/^v1,/);

    const gone = await platformReceiver(null, 410);
    await webhookEndpointRepository.update({ userId: owner.user.id, endpointId: id, set: { url: gone.url } });
    const second = await submitAndDeliver(owner, 'two');
    expect(second.outcomes).toMatchObject([{ status: 'failed', retry: false, disabled: 'gone' }]);
    expect(await webhookEndpointRepository.findById({ userId: owner.user.id, endpointId: id })).toBeNull();
    // Its slot is free again, and a third submission owes it nothing.
    expect((await submitAndDeliver(owner, 'three')).outcomes).toEqual([]);
  });

  test('without formId a hook follows every form, also one created later, until it answers 410', async () => {
    const owner = await ownerWithForm();
    const target = await platformReceiver(null);
    const { id } = await createRestHook({
      config,
      userId: owner.user.id,
      input: { targetUrl: target.url, event: 'form.submission.created' },
    });
    const later = await createForm({
      config,
      userId: owner.user.id,
      input: { name: 'Later', formType: 'contact' },
    });
    expect((await submitAndDeliver(owner, 'first form')).outcomes).toMatchObject([{ status: 'delivered' }]);
    const laterOwner = { ...owner, form: { ...owner.form, id: later.id } };
    const { outcomes, submissionId } = await submitAndDeliver(laterOwner, 'later form');
    expect(outcomes).toMatchObject([{ status: 'delivered' }]);
    expect(target.received[1]?.body).toMatchObject({ data: { formId: later.id, submissionId } });
    // It is no endpoint of any one form: neither listed as a webhook nor as an integration.
    expect(await listWebhookEndpoints({ userId: owner.user.id, formId: owner.form.id })).toEqual([]);

    const gone = await platformReceiver(null, 410);
    await webhookEndpointRepository.update({ userId: owner.user.id, endpointId: id, set: { url: gone.url } });
    expect((await submitAndDeliver(owner, 'gone')).outcomes).toMatchObject([
      { status: 'failed', disabled: 'gone' },
    ]);
    expect(await webhookEndpointRepository.findById({ userId: owner.user.id, endpointId: id })).toBeNull();
    expect((await submitAndDeliver(laterOwner, 'after')).outcomes).toEqual([]);
    const forms = await Promise.all(
      [owner.form.id, later.id].map((formId) => formRepository.findById({ userId: owner.user.id, formId })),
    );
    expect(forms.map((form) => form?.webhookCount)).toEqual([0, 0]);
  });

  test('unsubscribe, another user’s hook or form, and bad input', async () => {
    const owner = await ownerWithForm();
    const stranger = await ownerWithForm();
    const { id } = await createRestHook({
      config,
      userId: owner.user.id,
      input: {
        targetUrl: 'https://hooks.zapier.com/hooks/standard/1/abc/',
        event: 'form.submission.created',
        formId: owner.form.id,
      },
    });
    expect((await appErrorOf(deleteRestHook({ userId: stranger.user.id, hookId: id }))).httpStatus).toBe(404);
    await deleteRestHook({ userId: owner.user.id, hookId: id });
    expect((await appErrorOf(deleteRestHook({ userId: owner.user.id, hookId: id }))).message).toBe(
      'Hook not found',
    );
    const foreign = await appErrorOf(
      createRestHook({
        config,
        userId: owner.user.id,
        input: {
          targetUrl: 'https://hooks.zapier.com/x',
          event: 'form.submission.created',
          formId: stranger.form.id,
        },
      }),
    );
    expect([foreign.httpStatus, foreign.message]).toEqual([403, 'Unauthorized']);
    for (const input of [
      { targetUrl: 'ftp://example.com/x', event: 'form.submission.created', formId: owner.form.id },
      { targetUrl: 'https://example.com/x', event: 'form.deleted', formId: owner.form.id },
    ]) {
      expect(
        (await appErrorOf(createRestHook({ config, userId: owner.user.id, input: input as never })))
          .httpStatus,
      ).toBe(400);
    }
    // A private literal is refused at once where private targets are not allowed.
    for (const targetUrl of [
      'http://127.0.0.1:8080/in',
      'http://[::1]/in',
      'http://localhost/in',
      'http://169.254.169.254/x',
    ]) {
      const refused = await appErrorOf(
        createRestHook({
          config: guarded,
          userId: owner.user.id,
          input: { targetUrl, event: 'form.submission.created', formId: owner.form.id },
        }),
      );
      // The webhooks' text, naming the setting that allows such targets.
      expect([refused.httpStatus, refused.message]).toEqual([
        400,
        expect.stringContaining('ALLOW_PRIVATE_WEBHOOK_TARGETS=true'),
      ]);
      expect(refused.details.issues).toEqual([expect.objectContaining({ path: ['targetUrl'] })]);
    }
  });
});
