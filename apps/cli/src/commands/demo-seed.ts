import { randomBytes } from 'node:crypto';

import {
  createApiKey,
  createForm,
  createUser,
  findUserIdByEmail,
  listForms,
  setUserPlan,
  type TCreateFormInput,
} from '@formwell/core';

import type { TCommandOptions } from '../run-cli.js';

const DEMO_EMAIL = 'demo@formwell.local';

const DEMO_FORMS: TCreateFormInput[] = [
  {
    name: 'Contact us',
    description: 'A simple contact form',
    formType: 'contact',
    fields: [
      { name: 'name', label: 'Name', type: 'text', required: true },
      { name: 'email', label: 'Email', type: 'email', required: true },
      { name: 'message', label: 'Message', type: 'textarea', required: true },
    ],
  },
  {
    name: 'Launch waitlist',
    description: 'Join the waitlist',
    formType: 'waitlist',
    fields: [{ name: 'email', label: 'Email', type: 'email', required: true }],
    settings: { usersJoined: { enabled: true } },
  },
  {
    name: 'Product feedback',
    description: 'Tell us what you think',
    formType: 'feedback',
    fields: [
      { name: 'rating', label: 'Rating', type: 'rating', required: true },
      { name: 'topic', label: 'Topic', type: 'select', options: ['UI', 'API', 'Docs'] },
      { name: 'comments', label: 'Comments', type: 'textarea' },
    ],
  },
];

/**
 * `demo seed`: a PRO demo owner (reused when present), a fresh API key, and the demo forms that do
 * not exist yet. Safe to run twice. The owner's password is random and printed only when the
 * owner is created: a fixed published password would open a PRO account on every install.
 */
export async function demoSeed({ config }: TCommandOptions) {
  let password: string | null = null;
  let userId = await findUserIdByEmail({ email: DEMO_EMAIL });
  if (!userId) {
    password = randomBytes(18).toString('base64url');
    userId = (
      await createUser({ config, input: { email: DEMO_EMAIL, password, name: 'Demo Owner', plan: 'PRO' } })
    ).id;
  }
  const plan = await setUserPlan({ config, userId, plan: 'PRO' });
  const key = await createApiKey({ userId, name: `demo ${new Date().toISOString()}` });
  const { forms: present } = await listForms({ userId, limit: 100 });
  const forms = [...present];
  for (const input of DEMO_FORMS) {
    if (!present.some((form) => form.name === input.name)) {
      const form = await createForm({ config, userId, input });
      forms.push({ ...form, formType: form.formType });
    }
  }

  return {
    user: {
      id: userId,
      email: DEMO_EMAIL,
      // null when the owner already existed: its password was printed when it was created.
      password,
      plan: plan.plan,
      quotaLimit: plan.quotaLimit,
    },
    apiKey: { id: key.id, key: key.key, prefix: key.prefix, scopes: key.scopes },
    forms: forms.map((form) => ({ id: form.id, name: form.name, formType: form.formType })),
  };
}
