import {
  createWebhookEndpoint,
  listSubmissions,
  loadConfig,
  updateForm,
  type TCreateFormInput,
  type TUpdateFormInput,
} from '@formwell/core';
import { formRepository, SubmissionModel } from '@formwell/db';

import { createOwner, createTestForm, type CreateOwnerOptions } from '../api-v1/helpers/fixtures.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

/** Webhook endpoints on 127.0.0.1 are refused by the default configuration. */
const privateTargets = loadConfig({ env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } });

export type TPublicForm = { userId: string; formId: string; name: string };

/**
 * An owner and a form opted in to the keyless endpoint through the dashboard's own update rules,
 * with a webhook endpoint (so each stored submission carries a webhook outbox entry).
 */
export async function createPublicForm({
  owner = {},
  form = { fields: [] },
  publicSubmissions = {},
  webhookUrl = 'http://127.0.0.1:9/hook',
}: {
  owner?: CreateOwnerOptions;
  form?: Partial<TCreateFormInput>;
  publicSubmissions?: NonNullable<TUpdateFormInput['publicSubmissions']>;
  webhookUrl?: string;
} = {}): Promise<TPublicForm> {
  const { userId } = await createOwner(owner);
  const created = await createTestForm(userId, form);
  await updateForm({
    config: testCoreConfig,
    userId,
    formId: created.id,
    data: { publicSubmissions: { enabled: true, ...publicSubmissions } },
  });
  await createWebhookEndpoint({ config: privateTargets, userId, formId: created.id, url: webhookUrl });

  return { userId, formId: created.id, name: created.name };
}

/** What the owner sees of the form's submissions (data only, oldest first). */
export async function storedData({ userId, formId }: TPublicForm): Promise<unknown[]> {
  const { submissions } = await listSubmissions({ userId, formId });

  return submissions.map((submission) => submission.data).reverse();
}

/** The kinds of the outbox entries stored with a submission. */
export async function outboxKinds(submissionId: string): Promise<string[]> {
  const doc = await SubmissionModel.findById(submissionId, { outbox: 1 }).lean<{
    outbox: { kind: string }[];
  }>();

  return (doc?.outbox ?? []).map((entry) => entry.kind);
}

/** The form's spam count (honeypot hits and refused CAPTCHAs). */
export async function spamCount({ userId, formId }: TPublicForm): Promise<number> {
  return (await formRepository.findById({ userId, formId }))?.caughtSpamCount ?? 0;
}
