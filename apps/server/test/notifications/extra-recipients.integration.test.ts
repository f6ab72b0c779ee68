import {
  addMember,
  createApiKey,
  createForm,
  createUser,
  RECIPIENT_SKIP_REASONS,
  setUserPlan,
} from '@formwell/core';
import {
  caughtMailRepository,
  EmailLogModel,
  notificationRecipientRepository,
  SubmissionModel,
  UserModel,
} from '@formwell/db';
import mongoose from 'mongoose';
import { expect, test } from 'vitest';

import { linkToken, mailTo, startWorkerWithMailCatcher } from '../account/mail-services.js';
import { uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { waitFor } from '../helpers/start-system.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection } from '../trpc/dashboard-client.js';

const PASSWORD = 'correct horse battery';
const INVALID_LINK = { code: 'BAD_REQUEST', message: 'This link is invalid, used or expired' };
const CONFIRM_KIND = 'notification.recipient-confirm';
const NOTIFICATION_KIND = 'email.developer';

/** A PRO owner (verified) with a labelled form whose owner notification is on, and a full key. */
async function seedOwner(label: string) {
  const email = uniqueEmail(label);
  const user = await createUser({
    config: testCoreConfig,
    input: { email, password: PASSWORD },
    emailVerified: true,
  });
  await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
  const form = await createForm({
    config: testCoreConfig,
    userId: user.id,
    input: {
      name: `Leads <b>${label}</b>`,
      formType: 'contact',
      fields: [
        { name: 'email', label: 'Your email', type: 'email' },
        { name: 'message', label: 'Your message', type: 'textarea' },
      ],
      emailSettings: { developerNotificationsEnabled: true },
    },
  });
  const key = await createApiKey({ userId: user.id, name: 'backend' });

  return { user, email, form, key: key.key };
}

/** A call of the REST API with a key; the answer's status and JSON body. */
async function rest(address: string, key: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${address}/api/v1${path}`, {
    method,
    headers: { 'X-API-Key': key, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();

  return { status: response.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

/** A submission through the public API; resolves once the worker has done everything it owes. */
async function submitAndSettle(
  address: string,
  key: string,
  formId: string,
  message: string,
  output: () => string,
) {
  const answer = await rest(address, key, 'POST', '/forms/submit', {
    formId,
    data: { email: 'visitor@example.com', message },
  });
  expect(answer.status).toBe(201);
  const submissionId = String(answer.body?.submissionId);
  await waitFor(
    async () => {
      const stored = await SubmissionModel.findById(submissionId, { outbox: 1 }).lean();

      return stored && stored.outbox.length > 0 && stored.outbox.every((entry) => entry.status === 'done')
        ? true
        : undefined;
    },
    120_000,
    output,
  );
}

/** Every notification the email log holds for an address, oldest first. */
async function notificationsTo(to: string) {
  return EmailLogModel.find({ to, kind: NOTIFICATION_KIND }, { status: 1, error: 1 })
    .sort({ createdAt: 1, _id: 1 })
    .lean();
}

test(
  'extra recipients: nothing but the link until they confirm, labelled notifications with an unsubscribe link after, single-use and expiring links, caps and isolation',
  { timeout: 600_000 },
  async () => {
    const { app, env } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { output } = await startWorkerWithMailCatcher({
      mongoUri: env.MONGODB_URI,
      redisUrl: env.REDIS_URL,
    });
    const owner = await seedOwner('extra-owner');
    const formPath = `/forms/${owner.form.id}/recipients`;
    const dashboard = dashboardClient(address);
    await dashboard.client.auth.logIn.mutate({ email: owner.email, password: PASSWORD });

    // Bad input: 400 before anything is stored or mailed.
    const invalid = await rest(address, owner.key, 'POST', formPath, { email: 'not an address' });
    expect(invalid.status).toBe(400);
    expect(invalid.body).toMatchObject({ code: 'BAD_REQUEST', error: 'email: Invalid email address' });
    expect(Array.isArray(invalid.body?.issues)).toBe(true);
    expect((await rest(address, owner.key, 'POST', formPath, {})).status).toBe(400);

    // One address added over REST never confirms; one added in the dashboard does.
    const silent = uniqueEmail('never-confirms');
    const added = await rest(address, owner.key, 'POST', formPath, { email: silent.toUpperCase() });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ email: silent, status: 'pending', confirmedAt: null });
    const duplicate = await rest(address, owner.key, 'POST', formPath, { email: silent });
    expect(duplicate).toMatchObject({ status: 409, body: { code: 'CONFLICT' } });
    const colleague = uniqueEmail('colleague');
    const pending = await dashboard.client.recipients.add.mutate({ formId: owner.form.id, email: colleague });
    expect(pending).toMatchObject({ email: colleague, status: 'pending' });

    // The confirmation quotes nothing of the sender's but the form's name.
    const [confirmation] = await mailTo(colleague, CONFIRM_KIND, output);
    expect(confirmation?.subject).toBe('Confirm that you want Formwell notifications');
    expect(confirmation?.text).toContain('"Leads <b>extra-owner</b>"');
    expect(confirmation?.text).toContain(`${testCoreConfig.publicUrl}/notifications/confirm#token=`);
    await mailTo(silent, CONFIRM_KIND, output);

    // Before confirming, a submission's notification goes to the owner only; both extras are
    // logged as skipped with the reason.
    await submitAndSettle(address, owner.key, owner.form.id, 'first', output);
    expect(await notificationsTo(colleague)).toMatchObject([
      { status: 'skipped', error: RECIPIENT_SKIP_REASONS.unconfirmed },
    ]);

    // The link works once; the address then gets the notification with labelled fields.
    const token = linkToken(confirmation, 'notifications/confirm');
    const anyone = dashboardClient(address).client;
    expect(await anyone.recipients.confirm.mutate({ token })).toEqual({
      email: colleague,
      formName: owner.form.name,
      confirmed: true,
    });
    expect(await rejection(anyone.recipients.confirm.mutate({ token }))).toEqual(INVALID_LINK);
    await submitAndSettle(address, owner.key, owner.form.id, 'second', output);
    const [notified] = await mailTo(colleague, NOTIFICATION_KIND, output, 2);
    expect(notified).toMatchObject({ status: 'sent', subject: `New submission to ${owner.form.name}` });
    expect(notified?.text).toContain('Your message');
    expect(notified?.text).toContain('second');
    expect(notified?.text).toContain(`${testCoreConfig.publicUrl}/notifications/unsubscribe#token=`);

    // A recipient who never confirms got no mail at all: every notification to it was skipped.
    const silentLog = await notificationsTo(silent);
    expect(silentLog).toHaveLength(2);
    expect(silentLog.every((entry) => entry.status === 'skipped')).toBe(true);

    // Mail clients' own unsubscribe button (RFC 8058): the headers name an endpoint of the server
    // that unsubscribes on a POST with the same signed token, no browser, no session.
    const unsubscribe = linkToken(notified, 'notifications/unsubscribe');
    const header = (name: string) =>
      caughtMailRepository.findHeader({ messageId: notified?.messageId ?? '', name });
    const oneClick = `${testCoreConfig.publicUrl}/api/notifications/unsubscribe?token=${unsubscribe}`;
    expect(await header('List-Unsubscribe')).toEqual([`<${oneClick}>`]);
    expect(await header('List-Unsubscribe-Post')).toEqual(['List-Unsubscribe=One-Click']);
    const endpoint = oneClick.replace(testCoreConfig.publicUrl, address);
    const stillListed = async () =>
      ((await rest(address, owner.key, 'GET', formPath)).body?.recipients as { email: string }[]).some(
        (recipient) => recipient.email === colleague,
      );
    const oneClickPost = (url: string) =>
      fetch(url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
    // A GET (a scanner fetching every URL of a mail) only leads to the page with the button.
    const viewed = await fetch(endpoint, { redirect: 'manual' });
    expect(viewed.status).toBe(303);
    expect(viewed.headers.get('location')).toBe(`/notifications/unsubscribe#token=${unsubscribe}`);
    expect(await stillListed()).toBe(true);
    // A forged token is refused with the usual error body, and unsubscribes nobody.
    const forged = await oneClickPost(endpoint.replace(/token=[^&]+/, 'token=forged.token'));
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ ...INVALID_LINK, error: INVALID_LINK.message });
    expect((await oneClickPost(`${address}/api/notifications/unsubscribe`)).status).toBe(400);
    expect(await stillListed()).toBe(true);
    const clicked = await oneClickPost(endpoint);
    expect(clicked.status).toBe(200);
    expect(await clicked.json()).toEqual({ unsubscribed: true });
    expect(await stillListed()).toBe(false);

    // The page's link works too (and again: the address is already gone, the link did its job).
    expect(await anyone.recipients.unsubscribe.mutate({ token: unsubscribe })).toEqual({
      unsubscribed: true,
    });
    expect(await anyone.recipients.unsubscribe.mutate({ token: unsubscribe })).toEqual({
      unsubscribed: true,
    });
    expect(await rejection(anyone.recipients.unsubscribe.mutate({ token: `${unsubscribe}x` }))).toEqual(
      INVALID_LINK,
    );
    const listed = await rest(address, owner.key, 'GET', formPath);
    expect(listed.status).toBe(200);
    expect((listed.body?.recipients as { email: string }[]).map((recipient) => recipient.email)).toEqual([
      silent,
    ]);
    await submitAndSettle(address, owner.key, owner.form.id, 'third', output);
    expect((await notificationsTo(colleague)).map((entry) => entry.status)).toEqual(['skipped', 'sent']);
    expect(await notificationsTo(silent)).toHaveLength(3);

    // An expired link is refused; a new link replaces it (the old one then stops working too).
    const late = uniqueEmail('late');
    const lateAdded = await dashboard.client.recipients.add.mutate({ formId: owner.form.id, email: late });
    const [lateMail] = await mailTo(late, CONFIRM_KIND, output);
    await mongoose.connection
      .collection('notification_recipients')
      .updateOne({ email: late }, { $set: { confirmExpiresAt: new Date(Date.now() - 1000) } });
    expect(
      await rejection(
        anyone.recipients.confirm.mutate({ token: linkToken(lateMail, 'notifications/confirm') }),
      ),
    ).toEqual(INVALID_LINK);
    const resent = await rest(address, owner.key, 'POST', `${formPath}/${lateAdded.id}/resend`, {});
    expect(resent).toMatchObject({ status: 200, body: { id: lateAdded.id, status: 'pending' } });
    const [fresh] = await mailTo(late, CONFIRM_KIND, output, 2);
    expect(
      await anyone.recipients.confirm.mutate({ token: linkToken(fresh, 'notifications/confirm') }),
    ).toMatchObject({
      email: late,
    });
    // A confirmed recipient has no link to send again.
    expect(await rest(address, owner.key, 'POST', `${formPath}/${lateAdded.id}/resend`, {})).toMatchObject({
      status: 409,
    });

    // Another workspace can neither list, add, resend nor remove: the form is not found for it.
    const stranger = await seedOwner('extra-stranger');
    const strangerSession = dashboardClient(address);
    await strangerSession.client.auth.logIn.mutate({ email: stranger.email, password: PASSWORD });
    const foreign = { status: 404, body: { message: 'Form not found' } };
    expect(await rest(address, stranger.key, 'GET', formPath)).toMatchObject(foreign);
    expect(
      await rest(address, stranger.key, 'POST', formPath, { email: uniqueEmail('intruder') }),
    ).toMatchObject(foreign);
    expect(await rest(address, stranger.key, 'POST', `${formPath}/${lateAdded.id}/resend`, {})).toMatchObject(
      foreign,
    );
    expect(await rest(address, stranger.key, 'DELETE', `${formPath}/${lateAdded.id}`)).toMatchObject(foreign);
    expect(
      await rejection(
        strangerSession.client.recipients.remove.mutate({ formId: owner.form.id, recipientId: lateAdded.id }),
      ),
    ).toEqual({ code: 'NOT_FOUND', message: 'Form not found' });
    // Its own form does not reach the owner's recipient either.
    expect(
      await rest(address, stranger.key, 'DELETE', `/forms/${stranger.form.id}/recipients/${lateAdded.id}`),
    ).toMatchObject({ status: 404, body: { message: 'Recipient not found' } });

    // At most 10 per form: pending and confirmed count, removed ones do not.
    const active = (await dashboard.client.recipients.list.query({ formId: owner.form.id })).recipients
      .length;
    for (let index = active; index < 10; index += 1) {
      await dashboard.client.recipients.add.mutate({
        formId: owner.form.id,
        email: uniqueEmail(`many-${index}`),
      });
    }
    const eleventh = await rest(address, owner.key, 'POST', formPath, { email: uniqueEmail('eleventh') });
    expect(eleventh).toMatchObject({
      status: 403,
      body: { message: 'Extra recipient limit reached (10/10) for this form' },
    });
    expect(await rest(address, owner.key, 'DELETE', `${formPath}/${lateAdded.id}`)).toMatchObject({
      status: 204,
    });
    expect(
      (await rest(address, owner.key, 'POST', formPath, { email: uniqueEmail('eleventh') })).status,
    ).toBe(201);
  },
);

test(
  'links to one address are rate-limited like every emailed link; only admins and keys that read submissions add one',
  { timeout: 300_000 },
  async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await seedOwner('extra-limits');
    const path = `/forms/${owner.form.id}/recipients`;
    const target = uniqueEmail('inbox');
    const added = await rest(address, owner.key, 'POST', path, { email: target });
    expect(added.status).toBe(201);
    // Requests refused for another reason send nothing, so they use up none of the address's links.
    const refused: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      refused.push((await rest(address, owner.key, 'POST', path, { email: target })).status);
      refused.push(
        (await rest(address, owner.key, 'POST', `${path}/6b15e8cdf774f459d06440ff/resend`, {})).status,
      );
    }
    expect(refused).toEqual([409, 404, 409, 404, 409, 404, 409, 404]);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 5; attempt += 1) {
      statuses.push(
        (await rest(address, owner.key, 'POST', `${path}/${String(added.body?.id)}/resend`, {})).status,
      );
    }
    // Five links an hour per address (the first was the add's): the fifth resend is refused.
    expect(statuses).toEqual([200, 200, 200, 200, 429]);

    // A key without `submissions:read` may not route submissions to an address.
    const narrow = await createApiKey({
      userId: owner.user.id,
      name: 'forms only',
      scopes: ['forms:read', 'forms:write'],
    });
    expect(await rest(address, narrow.key, 'POST', path, { email: uniqueEmail('routed') })).toMatchObject({
      status: 403,
      body: { message: 'Insufficient scope: submissions:read' },
    });

    // A member (who edits forms) does not choose who else gets the workspace's submissions.
    const memberEmail = uniqueEmail('extra-member');
    await createUser({
      config: testCoreConfig,
      input: { email: memberEmail, password: PASSWORD },
      emailVerified: true,
    });
    await addMember({
      actor: { userId: owner.user.id },
      workspaceId: owner.user.id,
      email: memberEmail,
      role: 'member',
    });
    const member = dashboardClient(address);
    await member.client.auth.logIn.mutate({ email: memberEmail, password: PASSWORD });
    await member.client.workspace.switch.mutate({ workspaceId: owner.user.id });
    expect(
      await rejection(
        member.client.recipients.add.mutate({ formId: owner.form.id, email: uniqueEmail('by-member') }),
      ),
    ).toEqual({ code: 'FORBIDDEN', message: 'Your role in this workspace does not allow this' });
    // It may read the list.
    expect((await member.client.recipients.list.query({ formId: owner.form.id })).recipients).toHaveLength(1);
  },
);

test(
  'an account whose own address is unproven may neither add an extra recipient nor mail one a new link, from the dashboard or with a key',
  { timeout: 300_000 },
  async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await seedOwner('extra-unproven');
    await UserModel.updateOne({ _id: owner.user.id }, { $set: { emailVerifiedAt: null } });
    const path = `/forms/${owner.form.id}/recipients`;
    const unproven = { code: 'FORBIDDEN', message: 'Verify your own email address before inviting anyone' };

    const dashboard = dashboardClient(address);
    await dashboard.client.auth.logIn.mutate({ email: owner.email, password: PASSWORD });
    expect(
      await rejection(
        dashboard.client.recipients.add.mutate({ formId: owner.form.id, email: uniqueEmail('squat') }),
      ),
    ).toEqual(unproven);
    // A key acts as the workspace: its owner's address is the one checked.
    expect(await rest(address, owner.key, 'POST', path, { email: uniqueEmail('squat') })).toMatchObject({
      status: 403,
      body: { code: 'FORBIDDEN', message: unproven.message },
    });
    // A recipient left from before (stored directly): no new link for it either.
    const left = await notificationRecipientRepository.addPending({
      workspaceId: owner.user.id,
      formId: owner.form.id,
      email: uniqueEmail('left'),
      link: { tokenHash: 'unused', expiresAt: new Date(Date.now() + 3_600_000), now: new Date() },
    });
    const recipientId = String(left?.id);
    expect(await rest(address, owner.key, 'POST', `${path}/${recipientId}/resend`, {})).toMatchObject({
      status: 403,
      body: { message: unproven.message },
    });
    expect(
      await rejection(dashboard.client.recipients.resendLink.mutate({ formId: owner.form.id, recipientId })),
    ).toEqual(unproven);

    // Once the address is proven, the same calls go through.
    await UserModel.updateOne({ _id: owner.user.id }, { $set: { emailVerifiedAt: new Date() } });
    expect((await rest(address, owner.key, 'POST', path, { email: uniqueEmail('proven') })).status).toBe(201);
    expect(
      await dashboard.client.recipients.resendLink.mutate({ formId: owner.form.id, recipientId }),
    ).toMatchObject({ id: recipientId, status: 'pending' });
  },
);
