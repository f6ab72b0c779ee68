import { FormModel } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

describe('PATCH /api/v1/forms/{formId}: emailSettings templates', () => {
  test('an unknown placeholder is a 400 naming it; a good template is stored', async () => {
    const { app } = await buildTestApp();
    const owner = await createOwner({ plan: 'PRO' });
    const form = await createTestForm(owner.userId);
    const patch = (emailSettings: Record<string, unknown>) =>
      call(app, {
        method: 'PATCH',
        url: `/api/v1/forms/${form.id}`,
        key: owner.key,
        payload: { emailSettings },
      });

    const unknown = await patch({ notificationTemplate: { subject: '{{form.name}} {{user.password}}' } });
    expect(unknown.statusCode).toBe(400);
    // The error text itself names the placeholder (not only an entry of `issues`).
    expect(errorBody(unknown)).toMatchObject({
      error: 'emailSettings.notificationTemplate.subject: Unknown placeholders: {{user.password}}',
      issues: [
        {
          // Segments, as a schema failure of a nested property (`emailSettings.replyTo`) names it.
          path: ['emailSettings', 'notificationTemplate', 'subject'],
          message: 'Unknown placeholders: {{user.password}}',
        },
      ],
    });
    // Placeholders are a parameter of the request: a 400 even for a form that does not exist.
    const nowhere = await call(app, {
      method: 'PATCH',
      url: '/api/v1/forms/6b15e8cdf774f459d06440ff',
      key: owner.key,
      payload: { emailSettings: { notificationTemplate: { body: '{{nope}}' } } },
    });
    expect([nowhere.statusCode, errorBody(nowhere).error]).toEqual([
      400,
      'emailSettings.notificationTemplate.body: Unknown placeholders: {{nope}}',
    ]);
    const created = await call(app, {
      method: 'POST',
      url: '/api/v1/forms',
      key: owner.key,
      payload: { name: 'Templated', formType: 'contact', emailSettings: { subject: 'Hi {{who}}' } },
    });
    expect([created.statusCode, errorBody(created).error]).toEqual([
      400,
      'emailSettings.subject: Unknown placeholders: {{who}}',
    ]);

    const noField = await patch({ notificationTemplate: { body: 'You wrote {{field.nope}}' } });
    expect(noField.statusCode).toBe(400);
    expect(errorBody(noField)).toMatchObject({
      message: 'emailSettings.notificationTemplate.body: Unknown placeholders: {{field.nope}}',
    });

    // Both templates may quote the submitter: the confirmation does so only to a verified submitter
    // (the worker's email tests), so saving one is no refusal.
    const quoting = await patch({
      confirmationTemplate: { subject: 'Re: {{field.email}}', body: 'You wrote {{fields}}' },
      subject: 'You wrote {{fields}}',
    });
    expect(quoting.statusCode).toBe(200);
    const stored = await FormModel.findById(form.id).lean();
    expect(stored?.emailSettings).toMatchObject({
      subject: 'You wrote {{fields}}',
      confirmationTemplate: { subject: 'Re: {{field.email}}', body: 'You wrote {{fields}}' },
    });

    const saved = await patch({
      notificationTemplate: { subject: 'New on {{form.name}}', body: '{{fields}}' },
    });
    expect(saved.statusCode).toBe(200);
  });
});
