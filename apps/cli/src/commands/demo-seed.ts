import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

import {
  createApiKey,
  createForm,
  createUser,
  findUserIdByEmail,
  listApiKeys,
  MAX_PAGE_LIMIT,
  listForms,
  MAX_ACTIVE_API_KEYS,
  revokeApiKey,
  setUserPlan,
  type TCreateFormInput,
} from '@formwell/core';

import type { TCommandOptions } from '../command-options.js';
import { seedDemoSubmissions } from './demo-submissions.js';

const DEMO_EMAIL = 'demo@formwell.local';
/** The name of every key `demo seed` creates starts so (then the time it was created). */
const DEMO_KEY_NAME = 'demo ';

/**
 * The demo forms' owner notification is off. On PRO a new form notifies its owner by default, and
 * the seeded weeks of submissions then owed one email each (about 160), which the worker's sweep
 * sent in one burst half a minute after the seed: history, not news, and mail a configured SMTP
 * server would really send to the demo address. The owner can turn it on on the form's page.
 */
const DEMO_EMAIL_SETTINGS = { developerNotificationsEnabled: false };

const DEMO_FORMS: TCreateFormInput[] = [
  {
    name: 'Contact us',
    description: 'A simple contact form',
    formType: 'contact',
    emailSettings: DEMO_EMAIL_SETTINGS,
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
    emailSettings: DEMO_EMAIL_SETTINGS,
    fields: [{ name: 'email', label: 'Email', type: 'email', required: true }],
    settings: { usersJoined: { enabled: true } },
  },
  {
    name: 'Product feedback',
    description: 'Tell us what you think',
    formType: 'feedback',
    emailSettings: DEMO_EMAIL_SETTINGS,
    fields: [
      { name: 'rating', label: 'Rating', type: 'rating', required: true },
      { name: 'topic', label: 'Topic', type: 'select', options: ['UI', 'API', 'Docs'] },
      { name: 'comments', label: 'Comments', type: 'textarea' },
    ],
  },
];

/** Every active key of the account, newest first (the list is paged and revoked keys accumulate). */
async function activeApiKeys(userId: string) {
  const active: Awaited<ReturnType<typeof listApiKeys>>['apiKeys'] = [];
  let cursor: string | null = null;
  do {
    const page = await listApiKeys({ userId, limit: MAX_PAGE_LIMIT, cursor });
    active.push(...page.apiKeys.filter((key) => key.isActive));
    cursor = page.nextCursor;
  } while (cursor !== null);

  return active;
}

/**
 * Every run prints a new key (the old ones were printed once and may be in use); once the account
 * holds as many active keys as it may, the oldest key a demo seed made is revoked, so the
 * twenty-first run (`npm start -- --demo` runs one per start) still works.
 */
async function makeRoomForDemoKey(userId: string): Promise<void> {
  const active = await activeApiKeys(userId);
  if (active.length < MAX_ACTIVE_API_KEYS) {
    return;
  }
  // Listed newest first.
  const oldestDemoKey = active.filter((key) => key.name.startsWith(DEMO_KEY_NAME)).at(-1);
  if (oldestDemoKey) {
    await revokeApiKey({ userId, keyId: oldestDemoKey.id });
  }
}

/**
 * `demo seed`: a PRO demo owner (reused when present), a fresh API key, the demo forms that do
 * not exist yet, and a few weeks of varied submissions in each demo form that has none. Safe to run again and again. The owner's password is random and printed only when the
 * owner is created: a fixed published password would open a PRO account on every install.
 */
export async function demoSeed({ args, config }: TCommandOptions) {
  // It takes no options: an unknown one is a mistake to report, not to ignore.
  parseArgs({ args, options: {}, strict: true });
  let password: string | null = null;
  let userId = await findUserIdByEmail({ email: DEMO_EMAIL });
  if (!userId) {
    password = randomBytes(18).toString('base64url');
    userId = (
      await createUser({ config, input: { email: DEMO_EMAIL, password, name: 'Demo Owner', plan: 'PRO' } })
    ).id;
  }
  const plan = await setUserPlan({ config, userId, plan: 'PRO' });
  await makeRoomForDemoKey(userId);
  const key = await createApiKey({ userId, name: `${DEMO_KEY_NAME}${new Date().toISOString()}` });
  const { forms: present } = await listForms({ userId, limit: 100 });
  const forms = [...present];
  for (const input of DEMO_FORMS) {
    if (!present.some((form) => form.name === input.name)) {
      const form = await createForm({ config, userId, input });
      forms.push({ ...form, formType: form.formType, submissionCount: 0 });
    }
  }
  // A demo form without submissions gets a few weeks of them, so the charts are not empty.
  const owner = { id: userId, plan: plan.plan, quotaLimit: plan.quotaLimit };
  let submissions = 0;
  for (const form of forms) {
    submissions += await seedDemoSubmissions({ config, user: owner, form });
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
    /** Submissions stored by this run (0 once every demo form has some). */
    submissions,
  };
}
