import { createForm, createUser, createWebhookEndpoint, submitForm, type TCoreConfig } from '@formwell/core';
import { randomBytes } from 'node:crypto';

/** An owner with one form and one endpoint at `url`; answers the ids and the secret shown once. */
export async function ownerWithEndpoint(config: TCoreConfig, url: string) {
  const user = await createUser({
    config,
    input: { email: `owner-${randomBytes(6).toString('hex')}@example.com`, plan: 'PRO' },
  });
  // Only the webhook in each outbox: the owner's notification, on by default on PRO, stays off.
  const form = await createForm({
    config,
    userId: user.id,
    input: {
      name: 'Contact',
      formType: 'contact',
      emailSettings: { developerNotificationsEnabled: false },
    },
  });
  const endpoint = await createWebhookEndpoint({ config, userId: user.id, formId: form.id, url });

  return { user, form, endpoint };
}

/** Stores one submission through core (as the submit route does) and answers its outbox. */
export async function submit(
  config: TCoreConfig,
  owner: Awaited<ReturnType<typeof ownerWithEndpoint>>,
  data: Record<string, unknown> = { message: 'hello <b>world</b>' },
) {
  return submitForm({
    config,
    user: { id: owner.user.id, plan: 'PRO', quotaLimit: 10_000 },
    input: { formId: owner.form.id, data },
  });
}
