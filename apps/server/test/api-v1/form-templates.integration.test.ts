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
    expect(JSON.stringify(errorBody(unknown))).toContain('Unknown placeholders: {{user.password}}');

    const noField = await patch({ notificationTemplate: { body: 'You wrote {{field.nope}}' } });
    expect(noField.statusCode).toBe(400);
    expect(errorBody(noField)).toMatchObject({
      message: 'emailSettings.notificationTemplate.body: Unknown placeholders: {{field.nope}}',
    });

    // The confirmation is mailed to an address the submitter typed: it may not quote what they typed.
    const quoting = await patch({
      confirmationTemplate: { subject: 'Re: {{field.email}}', body: '{{fields}}' },
    });
    expect([quoting.statusCode, errorBody(quoting).error]).toEqual([400, 'Input validation failed']);
    expect(JSON.stringify(errorBody(quoting))).toContain(
      'Placeholders the submitter typed cannot be used in the confirmation (it is sent to the address they typed): {{field.email}}',
    );
    expect(JSON.stringify(errorBody(quoting))).toContain('{{fields}}');
    const legacySubject = await patch({ subject: 'You wrote {{fields}}' });
    expect(legacySubject.statusCode).toBe(400);

    const saved = await patch({
      notificationTemplate: { subject: 'New on {{form.name}}', body: '{{fields}}' },
    });
    expect(saved.statusCode).toBe(200);
  });
});
