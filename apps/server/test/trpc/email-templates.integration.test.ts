import { describe, expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { dashboardClient, rejection, sessionFormRead, signUpAndLogIn } from './dashboard-client.js';

async function signedIn(overrides: Record<string, string> = {}) {
  const { app } = await buildTestApp(overrides);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const { client } = dashboardClient(address);
  const email = uniqueEmail('templates');
  const { user } = await signUpAndLogIn(client, { email, password: 'correct horse battery', name: 'T' });
  const form = await client.forms.create.mutate({
    name: 'Contact <us>',
    formType: 'contact',
    fields: [{ id: 'message', name: 'message', label: 'Your message', type: 'textarea', required: false }],
  });

  return { client, user, email, form };
}

describe('notification templates and recipients (dashboard session)', () => {
  test('unknown placeholders are refused on save, named; a good template is stored and previewed escaped', async () => {
    const { client, form } = await signedIn();

    expect(
      await rejection(
        client.forms.update.mutate({
          formId: form.id,
          emailSettings: { notificationTemplate: { subject: 'Hi {{user.password}} {{form.name}}' } },
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'emailSettings.notificationTemplate.subject: Unknown placeholders: {{user.password}}',
    });
    expect(
      await rejection(
        client.forms.update.mutate({
          formId: form.id,
          emailSettings: { notificationTemplate: { body: 'You said {{field.nope}}' } },
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'emailSettings.notificationTemplate.body: Unknown placeholders: {{field.nope}}',
    });

    const body = '# Hello <script>alert(1)</script>\n\n{{fields}}\n\nMessage: {{field.message}}';
    const saved = sessionFormRead(
      await client.forms.update.mutate({
        formId: form.id,
        emailSettings: { notificationTemplate: { subject: 'New on {{form.name}}', body } },
      }),
    );
    expect(saved.emailSettingsFull.notificationTemplate).toEqual({ subject: 'New on {{form.name}}', body });
    // A part left out keeps its stored value; null goes back to the built-in one.
    const kept = sessionFormRead(
      await client.forms.update.mutate({
        formId: form.id,
        emailSettings: { notificationTemplate: { subject: null } },
      }),
    );
    expect(kept.emailSettingsFull.notificationTemplate).toEqual({ subject: null, body });

    const preview = await client.forms.previewEmail.mutate({ formId: form.id, kind: 'notification' });
    expect(preview.subject).toBe('New submission to Contact <us>');
    expect(preview.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(preview.html).not.toContain('<script>');
    expect(preview.html).toContain('Your message');
    expect(preview.text).toContain('Message: Sample Your message');

    const draft = await client.forms.previewEmail.mutate({
      formId: form.id,
      kind: 'confirmation',
      template: { subject: 'Thanks from {{form.name}}' },
    });
    expect(draft.subject).toBe('Thanks from Contact <us>');
    expect(draft.text).not.toContain('Sample');
    expect(
      await rejection(
        client.forms.previewEmail.mutate({
          formId: form.id,
          kind: 'notification',
          template: { body: '{{nope}}' },
        }),
      ),
    ).toEqual({
      code: 'BAD_REQUEST',
      message: 'emailSettings.notificationTemplate.body: Unknown placeholders: {{nope}}',
    });
  });

  test('the owner is on instant by default and may choose a digest; on FREE the notification stays off by default', async () => {
    const gated = await signedIn();
    expect(
      sessionFormRead(await gated.client.forms.get.query({ formId: gated.form.id })).emailSettingsFull,
    ).toMatchObject({ developerNotificationsEnabled: false, enabled: false });
    expect(await gated.client.forms.notifications.query({ formId: gated.form.id })).toEqual({
      members: [
        { userId: gated.user.id, email: gated.email, role: 'owner', mode: 'instant', emailVerified: false },
      ],
    });
    await gated.client.forms.setNotificationMode.mutate({ formId: gated.form.id, mode: 'daily' });
    expect((await gated.client.forms.notifications.query({ formId: gated.form.id })).members[0]?.mode).toBe(
      'daily',
    );
    expect(
      await rejection(
        gated.client.forms.setNotificationMode.mutate({ formId: gated.form.id, mode: 'weekly' as never }),
      ),
    ).toMatchObject({ code: 'BAD_REQUEST' });
  });

  test("EMAIL_PLAN_GATES=off: a FREE owner's new form notifies by default, and the confirmation may be switched on", async () => {
    const lifted = await signedIn({ EMAIL_PLAN_GATES: 'off' });
    const read = sessionFormRead(await lifted.client.forms.get.query({ formId: lifted.form.id }));
    expect(read.emailSettings).toEqual({ enabled: false, developerNotificationsEnabled: true });
    // The confirmation's gate is lifted too: a FREE owner may switch it on.
    const confirmed = await lifted.client.forms.update.mutate({
      formId: lifted.form.id,
      emailSettings: { enabled: true },
    });
    expect(confirmed.emailSettings.enabled).toBe(true);
  });
});
