import { describe, expect, test } from 'vitest';

import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { AppError } from '../errors/app-error.js';
import { createForm } from '../forms/create-form.js';
import { submitForm } from '../submissions/submit-form.js';
import { getUsage } from '../usage/get-usage.js';
import { createUser } from '../users/create-user.js';
import { createWebhookEndpoint } from './create-webhook-endpoint.js';
import { deleteWebhookEndpoint } from './delete-webhook-endpoint.js';
import { listWebhookEndpoints } from './list-webhook-endpoints.js';
import { rotateWebhookSecret } from './rotate-webhook-secret.js';
import { updateWebhookEndpoint } from './update-webhook-endpoint.js';

useTestDatabase('core_webhooks');

async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error: unknown = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof AppError)) {
    throw new Error(`expected an AppError, got ${String(error)}`);
  }

  return error;
}

describe('webhook endpoints', () => {
  test('create, list without secrets, update, rotate, delete; plan limit; scoped', async () => {
    const user = await createUser({ email: testEmail(), plan: 'FREE' });
    const other = await createUser({ email: testEmail(), plan: 'PRO' });
    const form = await createForm({ userId: user.id, input: { name: 'F', formType: 'contact' } });
    const created = await createWebhookEndpoint({
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
      (await failure(createWebhookEndpoint({ userId: user.id, formId: form.id, url: 'https://b.example' })))
        .message,
    ).toBe('Webhook endpoint limit reached (1/1) for your plan');
    expect(
      (await failure(createWebhookEndpoint({ userId: user.id, formId: form.id, url: 'ftp://x' }))).httpStatus,
    ).toBe(400);
    expect((await failure(listWebhookEndpoints({ userId: other.id, formId: form.id }))).httpStatus).toBe(404);

    const ids = { userId: user.id, formId: form.id, endpointId: created.id };
    expect(await updateWebhookEndpoint({ ...ids, data: { enabled: false } })).toMatchObject({
      enabled: false,
    });
    const actor = { id: user.id, plan: 'FREE' as const, quotaLimit: 10 };
    expect((await submitForm({ user: actor, input: { formId: form.id, data: {} } })).outbox).toEqual([]);
    const rotated = await rotateWebhookSecret(ids);
    expect(rotated.secret).not.toBe(created.secret);
    expect((await failure(deleteWebhookEndpoint({ ...ids, userId: other.id }))).httpStatus).toBe(404);
    await deleteWebhookEndpoint(ids);
    expect(await listWebhookEndpoints({ userId: user.id, formId: form.id })).toEqual([]);
    expect(await getUsage({ userId: user.id })).toMatchObject({ used: 1, limit: 200, plan: 'FREE' });
  });
});
