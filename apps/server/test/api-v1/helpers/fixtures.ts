import { randomBytes } from 'node:crypto';

import {
  createApiKey,
  createForm,
  createUser,
  createWebhookEndpoint,
  setUserPlan,
  type TApiKeyScope,
  type TCoreConfig,
  type TCreateFormInput,
  type TPlan,
} from '@formwell/core';
import { testCoreConfig } from '../../helpers/test-core-config.js';

/** A unique, valid email for one test user. */
export function uniqueEmail(label = 'owner'): string {
  return `${label}-${randomBytes(5).toString('hex')}@example.com`;
}

export type TOwner = { userId: string; key: string; keyId: string; email: string; plan: TPlan };

export type CreateOwnerOptions = { plan?: TPlan; scopes?: TApiKeyScope[]; quotaLimit?: number };

/** A user with one API key, made through @formwell/core as the CLI would (no hand-written inserts). */
export async function createOwner({
  plan = 'PRO',
  scopes,
  quotaLimit,
}: CreateOwnerOptions = {}): Promise<TOwner> {
  const email = uniqueEmail();
  const user = await createUser({
    config: testCoreConfig,
    input: { email, password: 'correct horse battery', plan },
  });
  if (quotaLimit !== undefined) {
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan, quotaLimit });
  }
  const created = await createApiKey({ userId: user.id, name: 'test key', scopes });

  return { userId: user.id, key: created.key, keyId: created.id, email, plan };
}

/** A second key for an existing owner. */
export async function createKey({ userId, scopes }: { userId: string; scopes?: TApiKeyScope[] }) {
  const created = await createApiKey({ userId, name: 'another key', scopes });

  return { key: created.key, keyId: created.id };
}

const CONTACT_FIELDS = [
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'message', label: 'Message', type: 'textarea', required: false },
  { name: 'topic', label: 'Topic', type: 'select', required: false, options: ['sales', 'support'] },
] as const satisfies TCreateFormInput['fields'];

/** A form of `userId`, made through @formwell/core (with the default plans unless `config` says otherwise). */
export async function createTestForm(
  userId: string,
  input: Partial<TCreateFormInput> = {},
  config: TCoreConfig = testCoreConfig,
) {
  return createForm({
    config,
    userId,
    input: { name: 'Contact us', formType: 'contact', fields: [...CONTACT_FIELDS], ...input },
  });
}

/**
 * A PRO owner with a form that takes any fields and sends its submissions to the webhook receiver
 * at `url` (made through @formwell/core, as the dashboard would).
 */
export async function createOwnerWithWebhook(url: string, options: CreateOwnerOptions = {}) {
  const owner = await createOwner({ plan: 'PRO', ...options });
  const form = await createTestForm(owner.userId, { fields: [] });
  await createWebhookEndpoint({ config: testCoreConfig, userId: owner.userId, formId: form.id, url });

  return { owner, form };
}
