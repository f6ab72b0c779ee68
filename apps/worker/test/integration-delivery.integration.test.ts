import {
  createForm,
  createIntegration,
  createRestHook,
  enqueueOutbox,
  loadConfig,
  submitForm,
} from '@formwell/core';
import { SubmissionModel, WebhookDeliveryModel, WebhookEndpointModel } from '@formwell/db';
import { platformSchemaErrors, type TPlatform } from '@formwell/vitest-config/platform-schemas';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { ownerWithEndpoint } from './helpers/fixtures.js';
import { startReceiver, waitFor, type Receiver, type ReceiverBehaviour } from './helpers/receiver.js';
import { workerHarness } from './helpers/worker-harness.js';

// Short retry delays so the test sees the retries of a slow target without waiting minutes. The
// timeout is short enough for the never-answering target's test, and long enough that a stand-in
// checking an 80 KB message on a loaded machine is not taken for a slow one (a retry would then
// post the message twice).
const config = loadConfig({
  env: {
    ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true',
    WEBHOOK_RETRY_DELAYS_MS: '50,50,50,50,50,50,50',
    WEBHOOK_TIMEOUT_MS: '5000',
  },
});
const worker = workerHarness();
const { producer } = worker;
const receivers: Receiver[] = [];

beforeAll(async () => {
  await worker.start({
    mongoUri: testMongoUri('integration_delivery'),
    config,
  });
});

afterAll(async () => {
  await worker.stop();
  await Promise.all(receivers.map((receiver) => receiver.close()));
});

/** A platform stand-in: 400 for a body its platform's schema refuses, as the platforms answer. */
async function platform(name: TPlatform, answer?: ReceiverBehaviour) {
  const started = await startReceiver((index, res, request) => {
    if (platformSchemaErrors(name, JSON.parse(request.body)).length > 0) {
      res.statusCode = 400;
      res.end('invalid_payload');
    } else if (answer) {
      answer(index, res, request);
    } else {
      res.end('ok');
    }
  });
  receivers.push(started);

  return started;
}

async function submitAndEnqueue(
  owner: { user: { id: string }; form: { id: string } },
  data: Record<string, unknown>,
) {
  const result = await submitForm({
    config,
    user: { id: owner.user.id, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId: owner.form.id, data },
  });
  await enqueueOutbox({ producer, items: result.outbox });

  return result;
}

async function outboxDone(submissionId: string) {
  const doc = await SubmissionModel.findById(submissionId).lean();

  return doc?.outbox.every((entry) => entry.status === 'done') ? true : undefined;
}

test('the worker posts one submission to Slack, Discord and Teams stand-ins, each message valid', async () => {
  const owner = await ownerWithEndpoint(config, (await platform('slack')).url);
  // The fixture's endpoint is a plain webhook; drop it so only the integrations count.
  await WebhookEndpointModel.deleteMany({ formId: owner.form.id });
  const targets = {
    slack: await platform('slack'),
    discord: await platform('discord'),
    teams: await platform('teams'),
  };
  for (const type of ['slack', 'discord', 'teams'] as const) {
    await createIntegration({
      config,
      userId: owner.user.id,
      formId: owner.form.id,
      input: { type, url: targets[type].url },
    });
  }
  const fields = Object.fromEntries(
    Array.from({ length: 90 }, (_, index) => [`q${index}`, `@everyone ${'v'.repeat(900)}`]),
  );
  const { response } = await submitAndEnqueue(owner, { message: 'x'.repeat(10_000), ...fields });
  await waitFor(() => outboxDone(response.submissionId));
  for (const target of Object.values(targets)) {
    expect(target.requests).toHaveLength(1);
    expect(target.requests[0]?.body).toContain(response.submissionId);
  }
  const attempts = await WebhookDeliveryModel.find({ submissionId: response.submissionId }).lean();
  expect(attempts.map((attempt) => attempt.httpStatus)).toEqual([200, 200, 200]);
});

test('Discord and Teams receive labels and values as typed where nothing in them would format', async () => {
  const owner = await ownerWithEndpoint(config, (await platform('discord')).url);
  await WebhookEndpointModel.deleteMany({ formId: owner.form.id });
  const targets = { discord: await platform('discord'), teams: await platform('teams') };
  for (const type of ['discord', 'teams'] as const) {
    await createIntegration({
      config,
      userId: owner.user.id,
      formId: owner.form.id,
      input: { type, url: targets[type].url },
    });
  }
  const data = { 'e-mail': 'jane.doe@example.com', rating: '3.5 (out of 5)!' };
  const { response } = await submitAndEnqueue(owner, data);
  await waitFor(() => outboxDone(response.submissionId));

  type TDiscordBody = { embeds: { fields: { name: string; value: string }[] }[] };
  type TTeamsBody = {
    attachments: { content: { body: { type: string; facts?: { title: string; value: string }[] }[] } }[];
  };
  const discord = JSON.parse(targets.discord.requests[0]?.body ?? '{}') as TDiscordBody;
  const teams = JSON.parse(targets.teams.requests[0]?.body ?? '{}') as TTeamsBody;
  const typed = Object.entries(data);
  expect(discord.embeds[0]?.fields.map((field) => [field.name, field.value])).toEqual(typed);
  const facts = teams.attachments[0]?.content.body.find((element) => element.type === 'FactSet')?.facts;
  expect(facts?.map((fact) => [fact.title, fact.value])).toEqual(typed);
});

test('a slow integration target times out and is retried until it answers', async () => {
  const owner = await ownerWithEndpoint(config, 'http://127.0.0.1:9/unused');
  await WebhookEndpointModel.deleteMany({ formId: owner.form.id });
  // The first request is never answered (the timeout fails it); the retry is answered.
  const target = await platform('discord', (index, res) => {
    if (index > 0) {
      res.end('ok');
    }
  });
  const integration = await createIntegration({
    config,
    userId: owner.user.id,
    formId: owner.form.id,
    input: { type: 'discord', url: target.url },
  });
  const { response } = await submitAndEnqueue(owner, { message: 'slow' });
  await waitFor(() => outboxDone(response.submissionId), 30_000);
  const attempts = await WebhookDeliveryModel.find({ endpointId: integration.id })
    .sort({ attempt: 1 })
    .lean();
  expect(attempts.map((attempt) => [attempt.status, attempt.attempt])).toEqual([
    ['failed', 1],
    ['success', 2],
  ]);
  expect(attempts[0]?.error).toMatch(/timed out/);
});

test('a redirecting target is not followed; a REST hook answering 410 is removed with no retry', async () => {
  const owner = await ownerWithEndpoint(config, 'http://127.0.0.1:9/unused');
  await WebhookEndpointModel.deleteMany({ formId: owner.form.id });
  const followed = await startReceiver();
  receivers.push(followed);
  const redirecting = await startReceiver((_, res) => {
    res.statusCode = 302;
    res.setHeader('location', followed.url);
    res.end();
  });
  receivers.push(redirecting);
  const gone = await startReceiver((_, res) => {
    res.statusCode = 410;
    res.end();
  });
  receivers.push(gone);
  const integration = await createIntegration({
    config,
    userId: owner.user.id,
    formId: owner.form.id,
    input: { type: 'slack', url: redirecting.url },
  });
  const second = await createForm({
    config,
    userId: owner.user.id,
    input: { name: 'Other', formType: 'contact' },
  });
  const hook = await createRestHook({
    config,
    userId: owner.user.id,
    input: { targetUrl: gone.url, event: 'form.submission.created' },
  });
  const { response } = await submitAndEnqueue(owner, { message: 'hi' });
  await waitFor(async () =>
    (await WebhookEndpointModel.findById(hook.id).lean()) === null ? true : undefined,
  );
  expect(gone.requests).toHaveLength(1);
  expect(JSON.parse(gone.requests[0]?.body ?? '{}')).toMatchObject({
    data: { submissionId: response.submissionId },
  });
  await waitFor(async () =>
    (await WebhookDeliveryModel.countDocuments({ endpointId: integration.id })) >= 2 ? true : undefined,
  );
  expect(followed.requests).toHaveLength(0);
  const redirected = await WebhookDeliveryModel.findOne({ endpointId: integration.id }).lean();
  expect(redirected?.httpStatus).toBe(302);
  // The removed hook follows no form any more: a submission to the other form owes it nothing.
  const after = await submitForm({
    config,
    user: { id: owner.user.id, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId: second.id, data: { message: 'later' } },
  });
  expect(after.outbox.filter((entry) => entry.kind === 'webhook')).toEqual([]);
});
