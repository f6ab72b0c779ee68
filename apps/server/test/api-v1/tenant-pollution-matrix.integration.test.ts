import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';

import { SESSION_COOKIE_NAME } from '@formwell/api';
import {
  addMember,
  addNotificationRecipient,
  createInvitation,
  createRequestUploads,
  keyedUploadTarget,
  DEFAULT_PLAN_LIMITS,
  createApiKey,
  createForm,
  createIntegration,
  createRestHook,
  createSession,
  createUser,
  createWebhookEndpoint,
  getFormDetail,
  getMe,
  listApiKeys,
  listEmails,
  listForms,
  listIntegrations,
  listInvitations,
  listMembers,
  listNotificationRecipients,
  loadConfig,
  listSubmissions,
  listWebhookDeliveries,
  listWebhookEndpoints,
  sendTestWebhook,
  submitForm,
  verifySession,
} from '@formwell/core';
import { emailLogRepository, webhookEndpointRepository } from '@formwell/db';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect, onTestFinished, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { uniqueEmail } from './helpers/fixtures.js';
import { fastifyRoutes, routerProcedures, type TProcedureEntry } from './helpers/route-inventory.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

/** One account with everything a route can name: key, form, submission, session. */
type TTenant = {
  userId: string;
  email: string;
  password: string;
  key: string;
  keyId: string;
  token: string;
  formId: string;
  submissionId: string;
  /** A file uploaded with the submission. */
  fileId: string;
  webhookId: string;
  deliveryId: string;
  integrationId: string;
  integrationDeliveryId: string;
  hookId: string;
  emailId: string;
  /** A pending invitation to the tenant's workspace. */
  invitationId: string;
  /** An extra notification recipient of the tenant's form, waiting for its confirmation. */
  recipientId: string;
  /** Every string of this tenant that another tenant must never receive. */
  secrets: string[];
};

const B_PASSWORD = 'correct horse battery';

async function createTenant(label: string, password: string): Promise<TTenant> {
  const tag = `${label}-${randomBytes(4).toString('hex')}`;
  const email = uniqueEmail(label);
  const user = await createUser({ config: testCoreConfig, input: { email, password, plan: 'PRO' } });
  const key = await createApiKey({ userId: user.id, name: `${tag} key` });
  const form = await createForm({
    config: testCoreConfig,
    userId: user.id,
    input: {
      name: `${tag} FORM`,
      description: `${tag} DESCRIPTION`,
      formType: 'contact',
      fields: [
        { name: 'email', label: `${tag} EMAIL-LABEL`, type: 'email', required: true },
        { name: 'message', label: `${tag} MESSAGE-LABEL`, type: 'textarea' },
        { name: 'attachment', label: `${tag} FILE-LABEL`, type: 'file' },
      ],
      settings: { usersJoined: { enabled: true } },
    },
  });
  const customer = `${tag}-customer@example.com`;
  // The submission carries a file, uploaded as a multipart request's would be.
  const uploads = createRequestUploads({
    resolveTarget: () =>
      keyedUploadTarget({ config: testCoreConfig, user: { id: user.id, plan: 'PRO' }, formId: form.id }),
    noFileFields: () => new Error('the form has no file field'),
  });
  await uploads.onFile({
    field: 'attachment',
    filename: `${tag}.txt`,
    stream: Readable.from([Buffer.from(`${tag} FILE-TEXT`)]),
    fieldsBefore: new Map(),
  });
  const { response } = await uploads.submitWith((files) =>
    submitForm({
      config: testCoreConfig,
      user: { id: user.id, plan: 'PRO', quotaLimit: 100_000 },
      input: { formId: form.id, data: { email: customer, message: `${tag} SUBMITTED-TEXT` } },
      ...(files ? { files } : {}),
    }),
  );
  const [fileId = ''] = uploads.fileIds();
  const webhook = await createWebhookEndpoint({
    config: testCoreConfig,
    userId: user.id,
    formId: form.id,
    // A loopback target: with private targets refused (the default), every test send and
    // redelivery in this file is refused by the address guard, so nothing leaves the machine.
    url: `http://127.0.0.1:9/${tag}/hook`,
    headers: [{ name: 'Authorization', value: `${tag} HEADER-TOKEN` }],
  });
  const delivery = await sendTestWebhook({
    userId: user.id,
    formId: form.id,
    endpointId: webhook.id,
    config: testCoreConfig.webhooks,
  });
  // A loopback integration (its host allowed here only to store it): the address guard of the app
  // and of testCoreConfig refuses to send to it, so its test attempt is logged and nothing leaves.
  const integration = await createIntegration({
    config: loadConfig({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } }),
    userId: user.id,
    formId: form.id,
    input: { type: 'slack', url: `http://127.0.0.1:9/services/${tag}/INTEGRATION-TOKEN` },
  });
  const integrationDelivery = await sendTestWebhook({
    userId: user.id,
    formId: form.id,
    endpointId: integration.id,
    family: 'integration',
    config: testCoreConfig.webhooks,
  });
  const hook = await createRestHook({
    config: testCoreConfig,
    userId: user.id,
    input: {
      targetUrl: `https://hooks.example.com/${tag}/HOOK-TOKEN`,
      event: 'form.submission.created',
      formId: form.id,
    },
  });
  // A captured email for the owner, as the worker logs one (the mail procedures name it).
  const mailSubject = `${tag} MAIL-SUBJECT`;
  await emailLogRepository.create({
    userId: user.id,
    formId: form.id,
    submissionId: response.submissionId,
    entryId: randomBytes(12).toString('hex'),
    kind: 'email.confirmation',
    to: customer,
    from: 'forms@example.com',
    subject: mailSubject,
    replyTo: null,
    status: 'captured',
    error: null,
    messageId: null,
    text: `${tag} MAIL-TEXT`,
    html: null,
    createdAt: new Date(),
  });
  const mail = (await listEmails({ reader: { all: false, userId: user.id }, visibility: 'everything' }))
    .emails[0];
  if (!mail) {
    throw new Error('the seeded email is not listed for its owner');
  }
  const invitee = `${tag}-invitee@example.com`.toLowerCase();
  const invitation = await createInvitation({
    config: testCoreConfig,
    mail: { producer: null },
    actorId: user.id,
    workspaceId: user.id,
    email: invitee,
    role: 'viewer',
  });
  const recipientEmail = `${tag}-recipient@example.com`.toLowerCase();
  const recipient = await addNotificationRecipient({
    config: testCoreConfig,
    mail: { producer: null },
    workspaceId: user.id,
    formId: form.id,
    email: recipientEmail,
    actingUserId: user.id,
  });
  const { token } = await createSession({ userId: user.id });
  const keyView = (await listApiKeys({ userId: user.id })).apiKeys.find((view) => view.id === key.id);

  return {
    userId: user.id,
    email,
    password,
    key: key.key,
    keyId: key.id,
    token,
    formId: form.id,
    submissionId: response.submissionId,
    fileId,
    webhookId: webhook.id,
    deliveryId: delivery.id,
    integrationId: integration.id,
    integrationDeliveryId: integrationDelivery.id,
    hookId: hook.id,
    emailId: mail.id,
    invitationId: invitation.id,
    recipientId: recipient.id,
    secrets: [
      tag,
      user.id,
      email,
      key.key,
      key.id,
      keyView?.prefix ?? key.key.slice(0, 12),
      keyView?.display ?? key.key,
      token,
      form.id,
      customer,
      response.submissionId,
      webhook.id,
      webhook.secret,
      delivery.id,
      delivery.webhookId,
      mail.id,
      mailSubject,
      integration.id,
      integrationDelivery.id,
      hook.id,
      invitation.id,
      invitee,
      recipient.id,
      recipientEmail,
    ],
  };
}

type TInput = Record<string, unknown>;

type TRecipe = {
  /**
   * How the procedure authenticates: an API key (served under /api/v1 only), the session (/trpc
   * only), either (one procedure, two faces), or nothing.
   */
  auth: 'key' | 'session' | 'both' | 'public';
  /** The input naming the caller's own things; absent for procedures without input. */
  input?: (tenant: TTenant) => TInput;
  /** The status of the caller's own, proper call when it is no success (staff-only procedures). */
  ownStatus?: number;
  /** False when the input names nothing of a tenant (so there is no "A's ids" case). */
  namesTenant?: false;
  /**
   * What of A's this answer may name because B belongs to A's workspace (see the test): the
   * switcher lists the workspaces the caller is a member of, so A's workspace id and name.
   */
  namesSharedWorkspace?: true;
};

const byForm = (tenant: TTenant) => ({ formId: tenant.formId });
const byWebhook = (tenant: TTenant) => ({ formId: tenant.formId, webhookId: tenant.webhookId });
const byDelivery = (tenant: TTenant) => ({ ...byWebhook(tenant), deliveryId: tenant.deliveryId });
const NEW_WEBHOOK_URL = 'https://hooks.example.com/new';
const byRecipient = (tenant: TTenant) => ({ formId: tenant.formId, recipientId: tenant.recipientId });
const byIntegration = (tenant: TTenant) => ({ formId: tenant.formId, integrationId: tenant.integrationId });
/** The submitter of A's seeded submission (see createTenant). */
const ALICE_SUBMITTER = 'ALICE-customer@example.com';
/** A link token no link ever carried. */
const NO_SUCH_LINK = 'not-a-link-token-anyone-was-sent';

/**
 * One recipe per procedure. A procedure without one fails the test: a new procedure forces a
 * decision about what its input is and who may call it.
 */
const PROCEDURE_RECIPES: Record<string, TRecipe> = {
  'system.getStatus': { auth: 'public' },
  // Key-only: their REST face is their only one.
  'forms.submit': {
    auth: 'key',
    input: (tenant) => ({ formId: tenant.formId, data: { email: 'new@example.com', message: 'hello' } }),
  },
  'forms.usersJoined': { auth: 'key', input: byForm },
  'auth.signUp': {
    auth: 'public',
    input: () => ({ email: uniqueEmail('signup'), password: B_PASSWORD }),
    namesTenant: false,
  },
  'auth.logIn': { auth: 'public', input: (tenant) => ({ email: tenant.email, password: B_PASSWORD }) },
  'auth.logOut': { auth: 'public' },
  'auth.me': { auth: 'session' },
  // Emailed links: an address of nobody's (the answer is the same for everyone's) and made-up
  // tokens (400, whoever asks); none of them names a tenant.
  'auth.requestPasswordReset': {
    auth: 'public',
    input: () => ({ email: uniqueEmail('reset') }),
    namesTenant: false,
  },
  'auth.verifyEmail': {
    auth: 'public',
    input: () => ({ token: NO_SUCH_LINK }),
    ownStatus: 400,
    namesTenant: false,
  },
  'auth.resetPassword': {
    auth: 'public',
    input: () => ({ token: NO_SUCH_LINK, password: 'a brand new horse' }),
    ownStatus: 400,
    namesTenant: false,
  },
  // The signed-in person's own account: the input names nothing (A's sessions stay: the snapshot).
  'account.changePassword': {
    auth: 'session',
    input: () => ({ currentPassword: B_PASSWORD, newPassword: 'a brand new horse' }),
    namesTenant: false,
  },
  'account.sessions': { auth: 'session' },
  'account.endOtherSessions': { auth: 'session' },
  'account.resendVerification': { auth: 'session' },
  'apiKeys.create': { auth: 'session', input: () => ({ name: 'another key' }) },
  'apiKeys.createEmbedKey': {
    auth: 'session',
    input: (tenant) => ({ formId: tenant.formId, allowedOrigins: ['https://site.example'] }),
  },
  'apiKeys.list': { auth: 'session' },
  'apiKeys.revoke': { auth: 'session', input: (tenant) => ({ id: tenant.keyId }) },
  'forms.create': { auth: 'both', input: () => ({ name: 'New form', formType: 'contact', fields: [] }) },
  'forms.update': {
    auth: 'both',
    input: (tenant) => ({
      formId: tenant.formId,
      name: 'Renamed',
      emailSettings: { replyTo: 'new@example.com' },
    }),
  },
  'forms.delete': { auth: 'both', input: byForm },
  'forms.notifications': { auth: 'session', input: byForm },
  'forms.setNotificationMode': { auth: 'session', input: (tenant) => ({ ...byForm(tenant), mode: 'daily' }) },
  'forms.previewEmail': { auth: 'session', input: (tenant) => ({ ...byForm(tenant), kind: 'notification' }) },
  'forms.list': { auth: 'both', input: () => ({}) },
  // Extra notification recipients of a form, and the two links each recipient is mailed (made-up
  // tokens: 400 whoever asks; they name no tenant).
  'recipients.list': { auth: 'both', input: byForm },
  'recipients.add': {
    auth: 'both',
    input: (tenant) => ({ formId: tenant.formId, email: uniqueEmail('recipient') }),
  },
  'recipients.remove': { auth: 'both', input: byRecipient },
  'recipients.resendLink': { auth: 'both', input: byRecipient },
  'recipients.confirm': {
    auth: 'public',
    input: () => ({ token: NO_SUCH_LINK }),
    ownStatus: 400,
    namesTenant: false,
  },
  'recipients.unsubscribe': {
    auth: 'public',
    input: () => ({ token: NO_SUCH_LINK }),
    ownStatus: 400,
    namesTenant: false,
  },
  // The caller's own workspace; the input names nothing.
  'workspace.get': { auth: 'both', input: () => ({}) },
  'forms.get': { auth: 'both', input: byForm },
  'forms.analytics': { auth: 'both', input: byForm },
  'submissions.list': { auth: 'both', input: byForm },
  'submissions.get': {
    auth: 'both',
    input: (tenant) => ({ formId: tenant.formId, submissionId: tenant.submissionId }),
  },
  'submissions.delete': {
    auth: 'both',
    input: (tenant) => ({ formId: tenant.formId, submissionId: tenant.submissionId }),
  },
  // Moves A's submission to the spam folder and back: B's mark must reach neither it nor B's model.
  'submissions.setStatus': {
    auth: 'both',
    input: (tenant) => ({ formId: tenant.formId, submissionId: tenant.submissionId, status: 'spam' }),
  },
  'webhooks.list': { auth: 'both', input: byForm },
  'webhooks.create': { auth: 'both', input: (tenant) => ({ formId: tenant.formId, url: NEW_WEBHOOK_URL }) },
  'webhooks.get': { auth: 'both', input: byWebhook },
  'webhooks.update': { auth: 'both', input: (tenant) => ({ ...byWebhook(tenant), description: 'changed' }) },
  'webhooks.delete': { auth: 'both', input: byWebhook },
  'webhooks.rotateSecret': { auth: 'both', input: byWebhook },
  'webhooks.listDeliveries': { auth: 'both', input: byWebhook },
  'webhooks.redeliver': { auth: 'both', input: byDelivery },
  'webhooks.sendTest': { auth: 'both', input: byWebhook },
  'integrations.list': { auth: 'both', input: byForm },
  'integrations.create': {
    auth: 'both',
    input: (tenant) => ({
      formId: tenant.formId,
      type: 'slack',
      url: 'https://hooks.slack.com/services/T0/B0/new-token',
    }),
  },
  'integrations.delete': { auth: 'both', input: byIntegration },
  'integrations.sendTest': { auth: 'both', input: byIntegration },
  // Dashboard-only faces of one integration (no REST route).
  'integrations.setEnabled': {
    auth: 'session',
    input: (tenant) => ({ ...byIntegration(tenant), enabled: false }),
  },
  'integrations.listDeliveries': { auth: 'session', input: byIntegration },
  'integrations.redeliver': {
    auth: 'session',
    input: (tenant) => ({ ...byIntegration(tenant), deliveryId: tenant.integrationDeliveryId }),
  },
  'hooks.create': {
    auth: 'both',
    input: (tenant) => ({
      targetUrl: NEW_WEBHOOK_URL,
      event: 'form.submission.created',
      formId: tenant.formId,
    }),
  },
  'hooks.delete': { auth: 'both', input: (tenant) => ({ id: tenant.hookId }) },
  // Lists what the receiver got for the caller's forms (staff: all); the input names nothing.
  'webhooks.listInboundEvents': { auth: 'session', input: () => ({}) },
  // The caller's own receiver (made on first use); the input names nothing.
  'webhooks.inboundReceiver': { auth: 'session', input: () => ({}) },
  'webhooks.rotateInboundReceiver': { auth: 'session', input: () => ({}) },
  // The caller is no admin: refused, whatever the input names.
  'admin.listUsers': { auth: 'session', input: () => ({}), ownStatus: 403 },
  'admin.setUserPlan': {
    auth: 'session',
    input: (tenant) => ({ userId: tenant.userId, plan: 'FREE' }),
    ownStatus: 403,
  },
  'admin.setWorkspacePlan': {
    auth: 'session',
    input: (tenant) => ({ workspaceId: tenant.userId, plan: 'FREE' }),
    ownStatus: 403,
  },
  // The caller's own mail (staff: all); the input names nothing.
  'mail.list': { auth: 'session', input: () => ({}) },
  // A's email id is a 404 for B.
  'mail.get': { auth: 'session', input: (tenant) => ({ id: tenant.emailId }) },
  'billing.overview': { auth: 'session' },
  'billing.usage': { auth: 'session' },
  // Billing is not configured in this app: 409 whatever the input names (the Stripe side, with a
  // userId in the input, is covered by test/billing against a fake Stripe).
  'billing.startCheckout': { auth: 'session', input: () => ({ plan: 'STANDARD' }), ownStatus: 409 },
  'billing.openPortal': { auth: 'session', ownStatus: 409 },
  // The caller's own archive; the input names nothing.
  'dataRights.exportAccount': { auth: 'session' },
  // A's email as the confirmation is refused (it is not the caller's); a fresh B deletes itself.
  'dataRights.deleteAccount': { auth: 'session', input: (tenant) => ({ confirmEmail: tenant.email }) },
  // B looks for, and erases, the person who submitted to A's form: B's own forms only are searched,
  // so B finds nothing and erases nothing of A's (the final snapshot checks A's submissions).
  'dataRights.findSubmitter': {
    auth: 'session',
    input: () => ({ email: ALICE_SUBMITTER }),
    namesTenant: false,
  },
  'dataRights.eraseSubmitter': {
    auth: 'session',
    input: () => ({ email: ALICE_SUBMITTER }),
    namesTenant: false,
  },
  // The caller's own workspaces (B is a member of A's too: see below); the input names nothing.
  'workspace.list': { auth: 'session', namesSharedWorkspace: true },
  // B belongs to A's workspace, so switching there is allowed: what matters is that every other
  // call of B's session stays in B's workspace, which the cases of every other procedure check.
  // A switch to a workspace the caller does not belong to: test/trpc/shared-member-isolation.
  'workspace.switch': {
    auth: 'session',
    input: (tenant) => ({ workspaceId: tenant.userId }),
    namesTenant: false,
  },
  'workspace.create': { auth: 'session', input: () => ({ name: 'Another workspace' }), namesTenant: false },
  // Each tenant's own workspace is its personal one, which goes only with the account (409); B is an
  // admin of A's, so A's id is refused (403) by the role, whatever name B types.
  'workspace.delete': {
    auth: 'session',
    input: (tenant) => ({ workspaceId: tenant.userId, confirmName: `${tenant.email}'s workspace` }),
    ownStatus: 409,
  },
  'members.list': { auth: 'session' },
  // Each tenant is alone in its personal workspace, as its owner: its own role changes only by a
  // transfer, it cannot remove itself or leave, and a personal workspace never changes hands (409).
  'members.changeRole': {
    auth: 'session',
    input: (tenant) => ({ userId: tenant.userId, role: 'admin' }),
    ownStatus: 409,
  },
  'members.remove': { auth: 'session', input: (tenant) => ({ userId: tenant.userId }), ownStatus: 409 },
  'members.leave': { auth: 'session', ownStatus: 409 },
  'members.transferOwnership': {
    auth: 'session',
    input: (tenant) => ({ userId: tenant.userId }),
    ownStatus: 409,
  },
  'invitations.create': {
    auth: 'session',
    input: () => ({ email: uniqueEmail('invitee'), role: 'viewer' }),
    namesTenant: false,
  },
  'invitations.list': { auth: 'session' },
  'invitations.revoke': { auth: 'session', input: (tenant) => ({ id: tenant.invitationId }) },
  // No token of the caller's own to accept (invitations go to other addresses): unknown is 404.
  'invitations.accept': { auth: 'session', input: () => ({ token: 'no-such-invitation' }), ownStatus: 404 },
};

/** Plain Fastify routes that take a key or a session: the form id is the path's `:formId`. */
const PLAIN_RECIPES: Record<string, { auth: 'key' | 'session' }> = {
  'GET /api/v1/forms/:formId/submissions/export.csv': { auth: 'key' },
  'GET /api/dashboard/forms/:formId/submissions/export.csv': { auth: 'session' },
  'GET /api/v1/forms/:formId/submissions/:submissionId/files/:fileId': { auth: 'key' },
  'GET /api/dashboard/forms/:formId/submissions/:submissionId/files/:fileId': { auth: 'session' },
};

/** Plain routes that take neither; they are still called with the pollution and checked. */
const PUBLIC_PATHS = new Set([
  '/healthz',
  '/readyz',
  '/thank-you',
  '/api/v1/openapi.json',
  '/docs',
  '/docs/',
  '/docs/*',
  '/docs/json',
  '/docs/yaml',
  '/docs/static/index.html',
  '/docs/static/swagger-initializer.js',
  // Authenticated by the shared-secret signature of its body, never by a key or session.
  '/api/webhooks/custom',
  // An owner's own receiver: authenticated by the signature with that owner's receiver secret; the
  // owner comes from the receiver id in the path, and what it records is filed under that owner
  // only, whatever the body names (test/webhooks/owner-receiver.integration.test.ts).
  '/api/webhooks/custom/:receiverId',
  // Authenticated by the payment provider's signature of its body; the user comes from the signed event.
  '/api/webhooks/payments',
  // The keyless endpoint of plain HTML forms and its thank-you page: no key and no session, so no
  // caller whose tenant could leak; the form is named by the path alone and acts as its owner. Its
  // own tests check that a form that did not opt in answers exactly as no form does.
  // One-click unsubscribe of a notification (List-Unsubscribe): the signed token naming one extra
  // recipient is the only permission; no key, no session, so no caller's tenant to leak.
  '/api/notifications/unsubscribe',
  '/f/:formId',
  '/f/:formId/thanks',
  // Signed file links: the HMAC over the file id and expiry is the only permission (no key, no
  // session); a link that is not genuine is 404 whatever else the request names.
  '/files/:fileId',
  // The operator's Prometheus scrape: process-wide counters labelled by route pattern, rule and
  // reason, never by user, form or id; optionally behind METRICS_TOKEN, never a key or session.
  '/metrics',
  // The dashboard's built files: the same static page and scripts for everyone; its data comes
  // through /trpc, covered by the recipes.
  '/',
  '/index.html',
]);

/** Public plain routes: the list above, and the dashboard's hashed asset files under /assets/. */
function isPublicPath(path: string): boolean {
  return PUBLIC_PATHS.has(path) || path.startsWith('/assets/');
}

/**
 * A stand-in dashboard build, so the matrix always meets the static routes the server registers
 * for one (whether or not the real dashboard has been built on this machine).
 */
function fakeDashboardBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'formwell-matrix-dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Formwell</title>');
  writeFileSync(join(dir, 'assets', 'index-matrix.js'), 'export {};');
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));

  return dir;
}

/**
 * Served by the router (each procedure is covered through its recipe): the tRPC route, and the
 * submit's own REST route (the REST catch-all's handler, in the scope that reads multipart bodies).
 */
const ROUTER_ROUTES = new Set(['/trpc/:path', '/api/v1/forms/submit']);

/** Names a handler might be tempted to take an owner or a target from, all set to the other tenant's. */
function pollution(other: TTenant): TInput {
  return {
    userId: other.userId,
    ownerId: other.userId,
    user: other.userId,
    user_id: other.userId,
    workspaceId: other.userId,
    workspace: other.userId,
    formId: other.formId,
    form: other.formId,
    id: other.formId,
    _id: other.formId,
    submissionId: other.submissionId,
    keyId: other.keyId,
    apiKeyId: other.keyId,
    webhookId: other.webhookId,
    endpointId: other.webhookId,
    deliveryId: other.deliveryId,
    integrationId: other.integrationId,
    hookId: other.hookId,
    recipientId: other.recipientId,
  };
}

/** The own input with every polluting name it does not already use. */
function polluted(own: TInput, other: TTenant): TInput {
  return { ...pollution(other), ...own };
}

type TCall = { method: string; url: string; payload?: TInput };

function send(app: FastifyInstance, caller: TTenant, { method, url, payload }: TCall) {
  return app.inject({
    method: method as 'GET',
    url,
    headers: {
      'x-api-key': caller.key,
      cookie: `${SESSION_COOKIE_NAME}=${caller.token}`,
      ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });
}

function query(values: TInput): string {
  const search = new URLSearchParams(
    Object.fromEntries(Object.entries(values).map(([name, value]) => [name, String(value)])),
  );
  const text = search.toString();

  return text ? `?${text}` : '';
}

function trpcCall(procedure: TProcedureEntry, input: TInput | undefined): TCall {
  const url = `/trpc/${procedure.path}`;
  if (procedure.type === 'query') {
    return {
      method: 'GET',
      url: input === undefined ? url : `${url}?input=${encodeURIComponent(JSON.stringify(input))}`,
    };
  }

  return input === undefined ? { method: 'POST', url } : { method: 'POST', url, payload: input };
}

/** Path parameters from the input; the rest goes into the query (GET) or the JSON body. */
function restCall(operation: { method: string; path: string }, input: TInput | undefined): TCall {
  const remaining = { ...input };
  const path = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = String(remaining[name]);
    delete remaining[name];

    return encodeURIComponent(value);
  });
  const url = `/api/v1${path}`;

  return operation.method === 'GET'
    ? { method: 'GET', url: `${url}${query(remaining)}` }
    : { method: operation.method, url, payload: remaining };
}

async function snapshotOf(tenant: TTenant) {
  return {
    me: await getMe({ userId: tenant.userId, config: testCoreConfig }),
    forms: await listForms({ userId: tenant.userId }),
    form: await getFormDetail({
      userId: tenant.userId,
      formId: tenant.formId,
      limits: DEFAULT_PLAN_LIMITS.PRO,
    }),
    submissions: await listSubmissions({ userId: tenant.userId, formId: tenant.formId }),
    keys: (await listApiKeys({ userId: tenant.userId })).apiKeys.map(({ lastUsedAt: _, ...view }) => view),
    session: (await verifySession({ token: tenant.token })).user.id,
    webhooks: await listWebhookEndpoints({ userId: tenant.userId, formId: tenant.formId }),
    deliveries: (
      await listWebhookDeliveries({
        userId: tenant.userId,
        formId: tenant.formId,
        endpointId: tenant.webhookId,
      })
    ).items,
    integrations: await listIntegrations({ userId: tenant.userId, formId: tenant.formId }),
    hook: await webhookEndpointRepository.findById({ userId: tenant.userId, endpointId: tenant.hookId }),
    members: await listMembers({ workspaceId: tenant.userId }),
    invitations: await listInvitations({ actorId: tenant.userId, workspaceId: tenant.userId }),
    recipients: await listNotificationRecipients({ workspaceId: tenant.userId, formId: tenant.formId }),
    webhookSecret: (
      await webhookEndpointRepository.findById({ userId: tenant.userId, endpointId: tenant.webhookId })
    )?.secret,
  };
}

test(
  "the pollution matrix: B's credentials with A's ids in the path/input or added as extra fields never reach A's data",
  // Hundreds of requests and a fresh tenant (with its member seat in A's workspace) per mutation.
  { timeout: 600_000 },
  async () => {
    const dashboardDir = fakeDashboardBuild();
    const { app } = await buildTestApp(
      {
        // Every call here is a distinct case, not a flood: limits stay out of the way.
        RATE_LIMIT_GET_FORM: '100000/60',
        RATE_LIMIT_SUBMISSIONS_LIST: '100000/60',
        RATE_LIMIT_USERS_JOINED: '100000/60',
        RATE_LIMIT_FORMS_LIST: '100000/60',
        RATE_LIMIT_SUBMIT: '100000/60',
        RATE_LIMIT_LOGIN: '100000/60',
        RATE_LIMIT_WEBHOOKS_MANAGE: '100000/60',
      },
      { dashboardDir },
    );
    const alice = await createTenant('ALICE', `alice ${randomBytes(8).toString('hex')}`);
    const before = await snapshotOf(alice);
    const problems: string[] = [];
    const covered = new Set<string>();
    /**
     * Every B is also an admin of A's workspace while its session works in B's own: two workspaces
     * sharing a member. Whatever the role allows there, nothing reaches A's workspace unless B
     * switches to it (the one procedure that does is checked to answer B's own workspace only).
     */
    const bobIds = new Set<string>();
    async function memberOfAlice(): Promise<TTenant> {
      const bob = await createTenant('bob', B_PASSWORD);
      await addMember({
        actor: { userId: alice.userId },
        workspaceId: alice.userId,
        email: bob.email,
        role: 'admin',
      });
      bobIds.add(bob.userId);

      return bob;
    }
    const sharedBob = await memberOfAlice();

    /** B's side of one case; a mutation gets a fresh B, so one case never spoils the next. */
    async function bobFor(mutating: boolean): Promise<TTenant> {
      return mutating ? memberOfAlice() : sharedBob;
    }
    /** A's secrets an answer must not hold (A's workspace id and name only where B may list it). */
    const sharedWorkspaceNames = new Set([alice.userId, alice.email]);
    let answerMayName: ReadonlySet<string> = new Set();

    function check(
      label: string,
      call: TCall,
      response: LightMyRequestResponse,
      expected: 'success' | 'refused' | 'no-5xx' | 'any' | number,
    ) {
      // A redirect may echo the request's own URL (B's own words); anything else of A's is a leak.
      const answer = `${response.body}\n${JSON.stringify(response.headers)}`.replaceAll(call.url, '');
      const leaked = alice.secrets.filter((secret) => !answerMayName.has(secret) && answer.includes(secret));
      if (leaked.length > 0) {
        problems.push(`${label}: answer holds A's ${leaked.join(', ')}`);
      }
      const status = response.statusCode;
      const fits =
        typeof expected === 'number'
          ? status === expected
          : expected === 'success'
            ? status >= 200 && status < 300
            : expected === 'refused'
              ? status >= 400 && status < 500
              : expected === 'no-5xx'
                ? status < 500
                : true;
      if (!fits) {
        problems.push(`${label}: status ${status}, expected ${expected}: ${response.body.slice(0, 200)}`);
      }
    }

    async function run(label: string, caller: TTenant, call: TCall, expected: Parameters<typeof check>[3]) {
      check(label, call, await send(app, caller, call), expected);
    }

    // The router: every procedure over /trpc, and over REST when it has a REST face.
    for (const procedure of routerProcedures()) {
      const recipe = PROCEDURE_RECIPES[procedure.path];
      if (!recipe) {
        problems.push(`procedure ${procedure.path} has no recipe: decide its input and who may call it`);
        continue;
      }
      const mutating = procedure.type === 'mutation';
      const { rest } = procedure;
      // The recipe says who calls it; the router must agree (keys need a REST face, sessions have none).
      const restExpected = { key: true, both: true, session: false, public: rest !== null }[recipe.auth];
      if (restExpected !== (rest !== null)) {
        problems.push(
          `procedure ${procedure.path}: recipe auth ${recipe.auth}, REST face ${rest ? 'yes' : 'no'}`,
        );
      }
      const transports = [
        { name: 'trpc', call: (input?: TInput) => trpcCall(procedure, input) },
        ...(rest ? [{ name: 'rest', call: (input?: TInput) => restCall(rest, input) }] : []),
      ];
      answerMayName = recipe.namesSharedWorkspace ? sharedWorkspaceNames : new Set();
      for (const transport of transports) {
        const label = `${transport.name} ${procedure.path}`;
        // API keys are accepted only under /api/v1: over /trpc a key procedure is always 401.
        const ownExpected =
          recipe.auth === 'key' && transport.name === 'trpc' ? 401 : (recipe.ownStatus ?? 'success');

        const ownBob = await bobFor(mutating);
        await run(`${label} (own)`, ownBob, transport.call(recipe.input?.(ownBob)), ownExpected);

        const { input, namesTenant } = recipe;
        // Only inputs that name a tenant's things have an "A's ids" case.
        if (
          input &&
          namesTenant !== false &&
          JSON.stringify(input(alice)) !== JSON.stringify(input(sharedBob))
        ) {
          await run(`${label} (A's ids)`, await bobFor(mutating), transport.call(input(alice)), 'refused');
        }

        const pollutedBob = await bobFor(mutating);
        const pollutedInput = polluted(input?.(pollutedBob) ?? {}, alice);
        await run(`${label} (B's ids + A's as extras)`, pollutedBob, transport.call(pollutedInput), 'no-5xx');
        covered.add(label);
      }
    }

    answerMayName = new Set();
    // The server's own routes, read from Fastify: each is a recipe, a public path, or the tRPC route.
    for (const route of await fastifyRoutes(app)) {
      for (const method of route.methods) {
        const name = `${method} ${route.path}`;
        const recipe = PLAIN_RECIPES[name];
        if (ROUTER_ROUTES.has(route.path)) {
          continue;
        }
        if (isPublicPath(route.path)) {
          const url = route.path.replace('*', 'x');
          // Whatever a public route answers (/readyz is 503 without a worker), it holds nothing of A's.
          await run(
            `${name} (public)`,
            sharedBob,
            { method, url: `${url}${query(pollution(alice))}` },
            'any',
          );
          covered.add(name);
          continue;
        }
        if (!recipe) {
          problems.push(`route ${name} has no recipe: decide how it authenticates and what it names`);
          continue;
        }
        const url = (tenant: TTenant) =>
          route.path
            .replace(':formId', tenant.formId)
            .replace(':submissionId', tenant.submissionId)
            .replace(':fileId', tenant.fileId);
        await run(`${name} (own)`, sharedBob, { method, url: url(sharedBob) }, 'success');
        await run(`${name} (A's form)`, sharedBob, { method, url: url(alice) }, 'refused');
        await run(
          `${name} (B's form + A's ids as extras)`,
          sharedBob,
          { method, url: `${url(sharedBob)}${query(pollution(alice))}` },
          'no-5xx',
        );
        covered.add(name);
      }
    }

    expect(problems).toEqual([]);
    // Not vacuous: every procedure (and REST face) and every plain route was called.
    expect(covered.size).toBeGreaterThanOrEqual(
      routerProcedures().length + routerProcedures().filter((procedure) => procedure.rest).length,
    );
    expect([...covered]).toEqual(expect.arrayContaining(Object.keys(PLAIN_RECIPES)));
    // B's mutations, own or polluted, changed nothing of A's (B joining as a member aside).
    const after = await snapshotOf(alice);
    expect(bobIds.size).toBeGreaterThan(1);
    expect({ ...after, members: after.members.filter((member) => !bobIds.has(member.userId)) }).toEqual(
      before,
    );
  },
);
