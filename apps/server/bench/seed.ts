import { createApiKey, createForm, createUser, loadConfig, setUserPlan } from '@formwell/core';
import { connectDatabase, disconnectDatabase } from '@formwell/db';

export type TBenchSeed = { key: string; userId: string; formIds: string[] };

/**
 * Fixed data: one PRO owner with a practically unlimited quota, one key, ten contact forms (their
 * users-joined count on, so users-joined answers the count it reads).
 */
export async function seedBenchData(mongoUri: string): Promise<TBenchSeed> {
  const config = loadConfig({ env: process.env });
  await connectDatabase({ uri: mongoUri });
  try {
    const user = await createUser({
      config,
      input: { email: 'bench@example.com', plan: 'PRO', name: 'Bench' },
    });
    await setUserPlan({ config, userId: user.id, plan: 'PRO', quotaLimit: 1_000_000_000 });
    const { key } = await createApiKey({ userId: user.id, name: 'bench' });
    const formIds: string[] = [];
    for (let index = 0; index < 10; index++) {
      const form = await createForm({
        config,
        userId: user.id,
        input: {
          name: `Contact form ${index}`,
          description: 'Questions, feedback and sales enquiries.',
          formType: 'contact',
          settings: { usersJoined: { enabled: true } },
          fields: [
            { name: 'email', label: 'Email', type: 'email', required: true },
            { name: 'name', label: 'Name', type: 'text', required: true },
            { name: 'message', label: 'Message', type: 'textarea' },
            { name: 'topic', label: 'Topic', type: 'select', options: ['sales', 'support', 'other'] },
          ],
        },
      });
      formIds.push(form.id);
    }

    return { key, userId: user.id, formIds };
  } finally {
    await disconnectDatabase();
  }
}

/**
 * The headers of every bench submit: the key, JSON, and a browser's User-Agent, as a page's visitor
 * sends one (the submit parses it into the submission's browser, OS and device).
 */
export function benchSubmitHeaders(key: string): Record<string, string> {
  return {
    'x-api-key': key,
    'content-type': 'application/json',
    'user-agent':
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  };
}

/** The submission every bench run posts: a valid entry of the seeded contact form. */
export function benchSubmission(formId: string | undefined): string {
  return JSON.stringify({
    formId,
    data: {
      email: 'visitor@example.com',
      name: 'A visitor',
      message: 'Hello from the bench',
      topic: 'sales',
    },
  });
}
