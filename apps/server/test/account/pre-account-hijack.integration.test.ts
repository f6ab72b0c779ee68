import { setUserPlan } from '@formwell/core';
import { FormModel, notificationRecipientRepository } from '@formwell/db';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection } from '../trpc/dashboard-client.js';
import { linkToken, mailTo, startWorkerWithMailCatcher } from './mail-services.js';

/** GET /api/v1/workspace with a key: the cheapest call any key of the workspace may make. */
async function keyStatus(address: string, apiKey: string): Promise<number> {
  const response = await fetch(`${address}/api/v1/workspace`, { headers: { 'X-API-Key': apiKey } });

  return response.status;
}

/** The form's notification address as stored (the API does not show it). */
async function storedDeveloperEmail(formId: string): Promise<string | null | undefined> {
  const form = await FormModel.findById(formId, { emailSettings: 1 }).lean();

  return form?.emailSettings?.developerEmail;
}

test(
  "someone signs up with another's address and sets up keys, a webhook and an integration; the address's owner takes the account over by a reset link, and none of it still works",
  { timeout: 600_000 },
  async () => {
    const { app, env } = await buildTestApp({ ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { output } = await startWorkerWithMailCatcher({
      mongoUri: env.MONGODB_URI,
      redisUrl: env.REDIS_URL,
    });
    const victim = uniqueEmail('victim');

    // The attacker: signs up with the victim's address (never proven) and works in the account.
    const attacker = dashboardClient(address);
    await attacker.client.auth.signUp.mutate({ email: victim, password: 'attacker chose this' });
    const { user } = await attacker.client.auth.logIn.mutate({
      email: victim,
      password: 'attacker chose this',
    });
    expect((await attacker.client.auth.me.query()).emailVerified).toBe(false);
    // Two endpoints on one form need a paid plan; the attacker may well pay with a card of theirs.
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'STANDARD' });
    const form = await attacker.client.forms.create.mutate({
      name: 'Leads',
      formType: 'contact',
      fields: [],
    });
    const key = await attacker.client.apiKeys.create.mutate({ name: 'mine' });
    const embed = await attacker.client.apiKeys.createEmbedKey.mutate({
      formId: form.id,
      allowedOrigins: ['https://attacker.example'],
    });
    await attacker.client.webhooks.create.mutate({ formId: form.id, url: 'https://hooks.example.com/steal' });
    await attacker.client.integrations.create.mutate({
      formId: form.id,
      type: 'slack',
      url: 'https://hooks.slack.com/services/T0/B0/attacker',
    });
    expect(await keyStatus(address, key.key)).toBe(200);
    // Submissions by mail to an address of theirs: an extra recipient is refused while the address
    // is unproven, but one may be left from before that check (stored directly here, confirmed),
    // and the form's own notification address may name theirs.
    const evil = uniqueEmail('attacker-inbox');
    expect(await rejection(attacker.client.recipients.add.mutate({ formId: form.id, email: evil }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Verify your own email address before inviting anyone',
    });
    const now = new Date();
    await notificationRecipientRepository.addPending({
      workspaceId: user.id,
      formId: form.id,
      email: evil,
      link: { tokenHash: `hijack-${form.id}`, expiresAt: new Date(now.getTime() + 3_600_000), now },
    });
    await notificationRecipientRepository.confirm({ tokenHash: `hijack-${form.id}`, now });
    await attacker.client.forms.update.mutate({ formId: form.id, emailSettings: { developerEmail: evil } });
    // A form sent to the account's own address keeps it.
    const own = await attacker.client.forms.create.mutate({ name: 'Own', formType: 'contact', fields: [] });
    await attacker.client.forms.update.mutate({ formId: own.id, emailSettings: { developerEmail: victim } });

    // The victim: "forgot my password", the link from their inbox, a password of their own.
    const victimClient = dashboardClient(address);
    await victimClient.client.auth.requestPasswordReset.mutate({ email: victim });
    const token = linkToken((await mailTo(victim, 'account.password-reset', output))[0], 'reset-password');
    expect(
      await victimClient.client.auth.resetPassword.mutate({ token, password: 'the victim chose this' }),
    ).toEqual({
      email: victim,
      cleared: {
        apiKeys: 2,
        webhookEndpoints: 2,
        invitations: 0,
        notificationRecipients: 1,
        developerEmails: 1,
      },
    });

    // Nothing the attacker set up answers for them any more; the victim's account is verified and
    // keeps the form (the data is the victim's to look at and delete).
    expect(await keyStatus(address, key.key)).toBe(401);
    expect(await keyStatus(address, embed.key)).toBe(401);
    expect((await rejection(attacker.client.auth.me.query())).code).toBe('UNAUTHORIZED');
    await victimClient.client.auth.logIn.mutate({ email: victim, password: 'the victim chose this' });
    expect((await victimClient.client.auth.me.query()).emailVerified).toBe(true);
    expect((await victimClient.client.apiKeys.list.query()).apiKeys.filter((each) => each.isActive)).toEqual(
      [],
    );
    expect((await victimClient.client.webhooks.list.query({ formId: form.id })).webhooks).toEqual([]);
    expect((await victimClient.client.integrations.list.query({ formId: form.id })).integrations).toEqual([]);
    const kept = await victimClient.client.forms.get.query({ formId: form.id });
    expect(kept.name).toBe('Leads');
    // Notifications go to the account's own address again, and to no one else.
    expect(await storedDeveloperEmail(form.id)).toBeNull();
    expect(await storedDeveloperEmail(own.id)).toBe(victim);
    expect((await victimClient.client.recipients.list.query({ formId: form.id })).recipients).toEqual([]);
    // The slots came back with them: the victim may set up their own.
    await victimClient.client.webhooks.create.mutate({
      formId: form.id,
      url: 'https://hooks.example.com/mine',
    });

    // A second reset of the now-proven account clears nothing.
    await victimClient.client.auth.requestPasswordReset.mutate({ email: victim });
    const again = linkToken((await mailTo(victim, 'account.password-reset', output, 2))[0], 'reset-password');
    expect(
      await victimClient.client.auth.resetPassword.mutate({ token: again, password: 'another of mine' }),
    ).toEqual({
      email: victim,
      cleared: null,
    });
    const mine = dashboardClient(address);
    await mine.client.auth.logIn.mutate({ email: victim, password: 'another of mine' });
    expect((await mine.client.webhooks.list.query({ formId: form.id })).webhooks).toHaveLength(1);
  },
);
