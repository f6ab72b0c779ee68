import { listProcedures, SESSION_COOKIE_NAME } from '@formwell/api';
import { createSession, createWebhookEndpoint, sendTestWebhook, submitForm } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

/**
 * The operations that were written twice, once for API keys (`v1.*`) and once for the dashboard,
 * until one procedure served both. Each row: the REST face, the procedure both callers now reach,
 * and the two it replaced.
 */
const FORMER_PAIRS = [
  { rest: 'GET /forms/list', procedure: 'forms.list', formerKeyTwin: 'v1.listForms' },
  { rest: 'GET /forms/{formId}', procedure: 'forms.get', formerKeyTwin: 'v1.getForm' },
  {
    rest: 'GET /forms/{formId}/analytics',
    procedure: 'forms.analytics',
    formerKeyTwin: 'v1.getFormAnalytics',
  },
  {
    rest: 'GET /forms/{formId}/submissions',
    procedure: 'submissions.list',
    formerKeyTwin: 'v1.listSubmissions',
  },
  { rest: 'GET /forms/{formId}/webhooks', procedure: 'webhooks.list', formerKeyTwin: 'v1.listWebhooks' },
  { rest: 'POST /forms/{formId}/webhooks', procedure: 'webhooks.create', formerKeyTwin: 'v1.createWebhook' },
  {
    rest: 'GET /forms/{formId}/webhooks/{webhookId}',
    procedure: 'webhooks.get',
    formerKeyTwin: 'v1.getWebhook',
  },
  {
    rest: 'PATCH /forms/{formId}/webhooks/{webhookId}',
    procedure: 'webhooks.update',
    formerKeyTwin: 'v1.updateWebhook',
  },
  {
    rest: 'DELETE /forms/{formId}/webhooks/{webhookId}',
    procedure: 'webhooks.delete',
    formerKeyTwin: 'v1.deleteWebhook',
  },
  {
    rest: 'POST /forms/{formId}/webhooks/{webhookId}/rotate-secret',
    procedure: 'webhooks.rotateSecret',
    formerKeyTwin: 'v1.rotateWebhookSecret',
  },
  {
    rest: 'GET /forms/{formId}/webhooks/{webhookId}/deliveries',
    procedure: 'webhooks.listDeliveries',
    formerKeyTwin: 'v1.listWebhookDeliveries',
  },
  {
    rest: 'POST /forms/{formId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
    procedure: 'webhooks.redeliver',
    formerKeyTwin: 'v1.redeliverWebhook',
  },
  {
    rest: 'POST /forms/{formId}/webhooks/{webhookId}/test',
    procedure: 'webhooks.sendTest',
    formerKeyTwin: 'v1.sendTestWebhook',
  },
] as const;

type TInput = Record<string, string>;

test('each former pair is one procedure: its REST face is the procedure the dashboard calls', () => {
  const procedures = listProcedures();
  const paths = procedures.map(({ path }) => path);
  const byRestFace = new Map(
    procedures.flatMap(({ path, meta }) =>
      meta?.openapi ? [[`${meta.openapi.method} ${meta.openapi.path}`, path] as const] : [],
    ),
  );

  expect(FORMER_PAIRS).toHaveLength(13);
  for (const pair of FORMER_PAIRS) {
    expect({ rest: pair.rest, servedBy: byRestFace.get(pair.rest) }).toEqual({
      rest: pair.rest,
      servedBy: pair.procedure,
    });
    expect(paths).not.toContain(pair.formerKeyTwin);
  }
  // No procedure set of its own for keys any more.
  expect(paths.filter((path) => path.startsWith('v1.'))).toEqual([]);
});

test(
  'the dashboard (session over /trpc) and a key (REST) reach each of the 13 and get the same answer',
  { timeout: 120_000 },
  async () => {
    const { app } = await buildTestApp({ RATE_LIMIT_WEBHOOKS_MANAGE: '100000/60' });
    const owner = await createOwner({ plan: 'PRO' });
    const { token } = await createSession({ userId: owner.userId });
    const form = await createTestForm(owner.userId);
    const { response } = await submitForm({
      config: testCoreConfig,
      user: { id: owner.userId, plan: 'PRO', quotaLimit: 100_000 },
      input: { formId: form.id, data: { email: 'someone@example.com' } },
    });
    expect(response.submissionId).toBeTruthy();
    // Loopback targets are refused by the address guard: test sends are logged, nothing leaves.
    const newEndpoint = () =>
      createWebhookEndpoint({
        config: testCoreConfig,
        userId: owner.userId,
        formId: form.id,
        url: 'http://127.0.0.1:9/hook',
      });
    const endpoint = await newEndpoint();
    const delivery = await sendTestWebhook({
      userId: owner.userId,
      formId: form.id,
      endpointId: endpoint.id,
      config: testCoreConfig.webhooks,
    });
    const byForm = { formId: form.id };
    const byWebhook = { ...byForm, webhookId: endpoint.id };

    const viaDashboard = (procedure: string, input: TInput) => trpc(app, token, procedure, input);
    const viaKey = (rest: string, input: TInput) => restCall(app, owner.key, rest, input);
    const both = async (pair: (typeof FORMER_PAIRS)[number], input: () => Promise<TInput> | TInput) => {
      const dashboard = await viaDashboard(pair.procedure, await input());
      const key = await viaKey(pair.rest, await input());

      return { dashboard, key };
    };
    const pair = (procedure: string) => {
      const row = FORMER_PAIRS.find((candidate) => candidate.procedure === procedure);
      if (!row) {
        throw new Error(`${procedure} is not one of the former pairs`);
      }

      return row;
    };

    // Reads: the same answer either way (a session's form read adds the stored settings).
    for (const [procedure, input] of [
      ['forms.list', {}],
      ['submissions.list', byForm],
      ['webhooks.list', byForm],
      ['webhooks.get', byWebhook],
      ['webhooks.listDeliveries', byWebhook],
    ] as const) {
      const { dashboard, key } = await both(pair(procedure), () => input);
      expect({ procedure, ...dashboard }).toEqual({ procedure, ...key, status: 200 });
    }
    const formRead = await both(pair('forms.get'), () => byForm);
    expect([formRead.dashboard.status, formRead.key.status]).toEqual([200, 200]);
    expect(formRead.dashboard.body).toMatchObject(formRead.key.body as object);
    expect([formRead.dashboard.body, formRead.key.body]).toMatchObject([{ spamCount: 0 }, { spamCount: 0 }]);
    const analytics = await both(pair('forms.analytics'), () => ({ ...byForm, timeRange: 'day', tz: 'UTC' }));
    expect([analytics.dashboard.status, analytics.key.status]).toEqual([200, 200]);
    expect([analytics.dashboard.body, analytics.key.body]).toMatchObject([
      { totalSubmissions: 1 },
      { totalSubmissions: 1 },
    ]);

    // Writes: each caller acts on an endpoint of its own through the same procedure.
    const created = await both(pair('webhooks.create'), () => ({
      ...byForm,
      url: 'https://hooks.example.com/a',
    }));
    expect([created.dashboard.status, created.key.status]).toEqual([200, 201]);
    for (const procedure of ['webhooks.update', 'webhooks.sendTest', 'webhooks.rotateSecret']) {
      const answers = await both(pair(procedure), async () => ({
        ...byForm,
        webhookId: (await newEndpoint()).id,
        ...(procedure === 'webhooks.update' ? { description: 'changed' } : {}),
      }));
      expect({ procedure, statuses: [answers.dashboard.status, answers.key.status] }).toEqual({
        procedure,
        statuses: [200, 200],
      });
    }
    const redelivered = await both(pair('webhooks.redeliver'), () => ({
      ...byWebhook,
      deliveryId: delivery.id,
    }));
    expect([redelivered.dashboard.status, redelivered.key.status]).toEqual([200, 200]);
    const deleted = await both(pair('webhooks.delete'), async () => ({
      ...byForm,
      webhookId: (await newEndpoint()).id,
    }));
    expect([deleted.dashboard.body, deleted.key.body]).toMatchObject([{ deleted: true }, { deleted: true }]);
  },
);

type TAnswer = { status: number; body: unknown };

async function trpc(app: FastifyInstance, token: string, procedure: string, input: TInput): Promise<TAnswer> {
  const isQuery = !/\.(create|update|delete|rotateSecret|redeliver|sendTest)$/.test(procedure);
  const response = await app.inject({
    method: isQuery ? 'GET' : 'POST',
    url: `/trpc/${procedure}${isQuery ? `?input=${encodeURIComponent(JSON.stringify(input))}` : ''}`,
    headers: { cookie: `${SESSION_COOKIE_NAME}=${token}`, 'content-type': 'application/json' },
    ...(isQuery ? {} : { payload: JSON.stringify(input) }),
  });
  const body = response.json<{ result?: { data: unknown }; error?: unknown }>();

  return { status: response.statusCode, body: body.result?.data ?? body.error };
}

async function restCall(app: FastifyInstance, key: string, rest: string, input: TInput): Promise<TAnswer> {
  const [method = 'GET', template = ''] = rest.split(' ');
  const remaining = { ...input };
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = remaining[name] ?? '';
    delete remaining[name];

    return encodeURIComponent(value);
  });
  const takesBody = method !== 'GET' && method !== 'DELETE';
  const response = await app.inject({
    method: method as 'GET',
    url: `/api/v1${path}${takesBody ? '' : `?${new URLSearchParams(remaining).toString()}`}`,
    headers: { 'x-api-key': key, ...(takesBody ? { 'content-type': 'application/json' } : {}) },
    ...(takesBody ? { payload: JSON.stringify(remaining) } : {}),
  });

  return { status: response.statusCode, body: response.json() };
}
