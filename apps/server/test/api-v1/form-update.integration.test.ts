import { createApiKey, getFormDetail } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { createKey, createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

function patchForm(app: FastifyInstance, key: string, formId: string, payload: Record<string, unknown>) {
  return call(app, { method: 'PATCH', url: `/api/v1/forms/${formId}`, key, payload });
}

/** The form as stored, read through core (not through the route under test). */
function stored(userId: string, formId: string) {
  return getFormDetail({ userId, formId, limits: testCoreConfig.plans.PRO });
}

describe('PATCH /api/v1/forms/{formId} (scope forms:write)', () => {
  test('changes only the properties sent and answers 200 with the Form as get-form returns it', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId, { description: 'kept' });

    const patched = await patchForm(app, owner.key, form.id, {
      name: 'Renamed',
      emailSettings: { developerNotificationsEnabled: true, replyTo: 'help@example.com' },
    });
    expect(patched.statusCode).toBe(200);
    const fetched = await call(app, { method: 'GET', url: `/api/v1/forms/${form.id}`, key: owner.key });
    expect(patched.json()).toEqual(fetched.json());
    expect(patched.json()).toMatchObject({
      name: 'Renamed',
      description: 'kept',
      emailSettings: { enabled: false, developerNotificationsEnabled: true },
    });
    // Keys of emailSettings left out keep their stored value; the fields list is untouched.
    const after = await stored(owner.userId, form.id);
    expect(after.emailSettingsFull).toMatchObject({
      enabled: false,
      developerNotificationsEnabled: true,
      replyTo: 'help@example.com',
    });
    expect(after.fields.map((field) => field.name)).toEqual(form.fields.map((field) => field.name));

    const second = await patchForm(app, owner.key, form.id, { emailSettings: { enabled: true } });
    expect(second.json<{ emailSettings: unknown }>().emailSettings).toEqual({
      enabled: true,
      developerNotificationsEnabled: true,
    });
    expect((await stored(owner.userId, form.id)).emailSettingsFull.replyTo).toBe('help@example.com');
  });

  test('an email switch the plan does not include is 403 naming the plan, and nothing changes', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'STANDARD' });
    const form = await createTestForm(owner.userId);

    const notification = await patchForm(app, owner.key, form.id, {
      name: 'Not saved',
      emailSettings: { developerNotificationsEnabled: true },
    });
    expect([notification.statusCode, errorBody(notification).error]).toEqual([
      403,
      'Developer notifications require PRO plan',
    ]);
    const confirmation = await patchForm(app, owner.key, form.id, { emailSettings: { enabled: true } });
    expect(confirmation.statusCode).toBe(200);
    expect((await stored(owner.userId, form.id)).name).toBe(form.name);

    const free = await createOwner({ plan: 'FREE' });
    const freeForm = await createTestForm(free.userId);
    const refused = await patchForm(app, free.key, freeForm.id, { emailSettings: { enabled: true } });
    expect([refused.statusCode, errorBody(refused).error]).toEqual([
      403,
      'Email settings require STANDARD or PRO plan',
    ]);
  });

  test("another user's form is 404 Form not found, and stays as it was", async () => {
    const { app } = await buildTestApp();
    const alice = await createOwner();
    const bob = await createOwner();
    const form = await createTestForm(alice.userId);

    const refused = await patchForm(app, bob.key, form.id, { name: 'Taken over' });
    expect([refused.statusCode, errorBody(refused).error]).toEqual([404, 'Form not found']);
    expect((await stored(alice.userId, form.id)).name).toBe(form.name);
  });

  test('a key without forms:write, or restricted to another form, is 403', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ scopes: ['forms:read', 'submissions:read', 'submissions:write'] });
    const form = await createTestForm(owner.userId);
    const other = await createTestForm(owner.userId);
    const restricted = await createApiKey({ userId: owner.userId, name: 'one form', formIds: [other.id] });

    const noScope = await patchForm(app, owner.key, form.id, { name: 'x' });
    expect([noScope.statusCode, errorBody(noScope).error]).toEqual([403, 'Insufficient scope: forms:write']);
    const elsewhere = await patchForm(app, restricted.key, form.id, { name: 'x' });
    expect([elsewhere.statusCode, errorBody(elsewhere).error]).toEqual([
      403,
      'API key is not allowed for this form',
    ]);
    expect((await stored(owner.userId, form.id)).name).toBe(form.name);
  });

  test('a key without submissions:read may not change where or what submissions are mailed (403)', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO', scopes: ['forms:read', 'forms:write'] });
    const form = await createTestForm(owner.userId);
    const routing = [
      { developerEmail: 'attacker@example.com' },
      { replyTo: 'attacker@example.com' },
      { notificationTemplate: { subject: 'Copy', body: '{{fields}}' } },
      { confirmationTemplate: { subject: 'Thanks', body: 'Thanks' } },
    ];
    for (const emailSettings of routing) {
      const refused = await patchForm(app, owner.key, form.id, { name: 'Not saved', emailSettings });
      expect([refused.statusCode, errorBody(refused).error]).toEqual([
        403,
        'Insufficient scope: submissions:read',
      ]);
    }
    const created = await call(app, {
      method: 'POST',
      url: '/api/v1/forms',
      key: owner.key,
      payload: {
        name: 'Drop box',
        formType: 'contact',
        emailSettings: { developerEmail: 'attacker@example.com' },
      },
    });
    expect([created.statusCode, errorBody(created).error]).toEqual([
      403,
      'Insufficient scope: submissions:read',
    ]);
    const after = await stored(owner.userId, form.id);
    expect([after.name, after.emailSettingsFull.developerEmail, after.emailSettingsFull.replyTo]).toEqual([
      form.name,
      null,
      null,
    ]);

    // The other settings stay open to forms:write alone, and a key holding both may route mail.
    const switches = await patchForm(app, owner.key, form.id, { emailSettings: { subject: 'Hello' } });
    expect(switches.statusCode).toBe(200);
    const reader = await createKey({ userId: owner.userId, scopes: ['forms:write', 'submissions:read'] });
    const allowed = await patchForm(app, reader.key, form.id, {
      emailSettings: { developerEmail: 'me@example.com' },
    });
    expect(allowed.statusCode).toBe(200);
    expect((await stored(owner.userId, form.id)).emailSettingsFull.developerEmail).toBe('me@example.com');
  });

  test('bad input is 400 with its issues, before anything is stored', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner();
    const form = await createTestForm(owner.userId);

    const refused = await patchForm(app, owner.key, form.id, {
      name: 'Valid name',
      emailSettings: { replyTo: 'not an address' },
    });
    expect([refused.statusCode, errorBody(refused).error]).toEqual([400, 'Input validation failed']);
    expect(JSON.stringify(errorBody(refused).issues)).toContain('replyTo');
    expect((await stored(owner.userId, form.id)).name).toBe(form.name);
  });
});
