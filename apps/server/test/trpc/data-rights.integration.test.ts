import { gunzipSync } from 'node:zlib';

import { setUserPlan, submitForm } from '@formwell/core';
import { notificationRecipientRepository } from '@formwell/db';
import { TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';

import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, signUpAndLogIn } from './dashboard-client.js';

test(
  'the dashboard exports the account without secrets, erases a submitter and deletes the account',
  { timeout: 120_000 },
  async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { client } = dashboardClient(address);
    const email = uniqueEmail('rights');
    await signUpAndLogIn(client, { email, password: 'correct horse battery', name: 'R' });
    const me = await client.auth.me.query();
    // Two forms: more than the free plan allows.
    const plan = await setUserPlan({ config: testCoreConfig, userId: me.id, plan: 'PRO' });
    const forms = [
      await client.forms.create.mutate({ name: 'One', formType: 'contact', fields: [] }),
      await client.forms.create.mutate({ name: 'Two', formType: 'contact', fields: [] }),
    ];
    const key = await client.apiKeys.create.mutate({ name: 'site' });
    const hook = await client.webhooks.create.mutate({
      formId: forms[0]?.id ?? '',
      url: 'https://hooks.example.com/x',
    });
    const actor = { id: me.id, plan: plan.plan, quotaLimit: plan.quotaLimit };
    for (const form of forms) {
      for (const submitter of ['grace@example.org', 'linus@example.org']) {
        await submitForm({
          config: testCoreConfig,
          user: actor,
          input: { formId: form.id, data: { email: submitter } },
        });
      }
    }

    // An extra address of the first form (stored directly: this account's own address is unproven).
    const linkHash = 'a'.repeat(64);
    const extra = await notificationRecipientRepository.addPending({
      workspaceId: me.id,
      formId: forms[0]?.id ?? '',
      email: 'shared-inbox@example.org',
      link: { tokenHash: linkHash, expiresAt: new Date(Date.now() + 3_600_000), now: new Date() },
    });

    const download = await client.dataRights.exportAccount.query();
    expect(download.fileName).toMatch(/^formwell-account-\d{4}-\d{2}-\d{2}\.json\.gz$/);
    const text = gunzipSync(Buffer.from(download.base64, 'base64')).toString('utf8');
    const archive = JSON.parse(text) as {
      account: { email: string };
      forms: unknown[];
      submissions: unknown[];
      apiKeys: unknown[];
      notificationRecipients: unknown[];
    };
    expect(archive.account.email).toBe(email);
    expect(archive.forms).toHaveLength(2);
    expect(archive.submissions).toHaveLength(4);
    expect(archive.apiKeys).toHaveLength(1);
    // The account's extra notification addresses: address, state and form, never the link's token.
    expect(archive.notificationRecipients).toEqual([
      expect.objectContaining({
        id: extra?.id,
        email: 'shared-inbox@example.org',
        status: 'pending',
        formId: forms[0]?.id,
      }),
    ]);
    expect(text).not.toContain(linkHash);
    expect(text).not.toContain(key.key);
    expect(text).not.toContain(hook.secret);

    const found = await client.dataRights.findSubmitter.query({ email: 'Grace@Example.org' });
    expect(found.submissions).toHaveLength(2);
    expect(await client.dataRights.eraseSubmitter.mutate({ email: 'grace@example.org' })).toEqual({
      email: 'grace@example.org',
      submissionsDeleted: 2,
      emailsDeleted: 0,
    });
    for (const form of forms) {
      expect((await client.forms.get.query({ formId: form.id })).submissionCount).toBe(1);
    }
    const badEmail = await client.dataRights.findSubmitter
      .query({ email: 'nope' })
      .catch((error: unknown) => error);
    expect(badEmail).toBeInstanceOf(TRPCClientError);
    expect((badEmail as TRPCClientError<never>).data).toMatchObject({ httpStatus: 400 });

    const refused = await client.dataRights.deleteAccount
      .mutate({ confirmEmail: 'someone@else.example' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCClientError);
    expect((refused as TRPCClientError<never>).message).toBe(
      'Type the account email exactly to confirm the deletion',
    );
    expect((await client.auth.me.query()).email).toBe(email);

    const deleted = await client.dataRights.deleteAccount.mutate({ confirmEmail: email.toUpperCase() });
    expect(deleted).toMatchObject({ id: me.id, deleted: true });
    expect(deleted.removed).toMatchObject({
      users: 1,
      forms: 2,
      submissions: 2,
      api_keys: 1,
      webhook_endpoints: 1,
    });
    const after = await client.auth.me.query().catch((error: unknown) => error);
    expect((after as TRPCClientError<never>).data).toMatchObject({ httpStatus: 401 });
  },
);
