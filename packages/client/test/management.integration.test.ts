import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

import { createApiKey, createUser, listForms, loadConfig } from '@formwell/core';
import { buildApp } from '@formwell/server/app';
import { parseServerEnv } from '@formwell/server/env';
import { testMongoUri, testRedisUrl } from '@formwell/vitest-config/services';
import { afterEach, expect, test } from 'vitest';

import { createFormwellClient, FormwellError } from '../src/index.js';

const closers: (() => Promise<void>)[] = [];

afterEach(async () => {
  for (const close of closers.splice(0)) {
    await close();
  }
});

/** The real server over real HTTP, on the run's engine and Redis. */
async function startFormwell(): Promise<string> {
  const app = await buildApp({
    env: parseServerEnv({ MONGODB_URI: testMongoUri('client'), REDIS_URL: testRedisUrl(), NODE_ENV: 'test' }),
    logStream: new Writable({ write: (_chunk, _encoding, callback) => callback() }),
  });
  closers.push(() => app.close());
  await app.listen({ port: 0, host: '127.0.0.1' });

  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function ownerKey(label: string) {
  const user = await createUser({
    config: loadConfig({ env: {} }),
    input: { email: `${label}-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'PRO' },
  });

  return { userId: user.id, key: (await createApiKey({ userId: user.id, name: label })).key };
}

// Node starting tsx and the client from its sources is slow on a busy machine; the bound is generous.
test(
  'examples/manage-forms.ts runs as a user runs it: create, submit, list, delete the submission and the form',
  { timeout: 120_000 },
  async () => {
    const baseUrl = await startFormwell();
    const { userId, key } = await ownerKey('example');
    const packageDirectory = fileURLToPath(new URL('..', import.meta.url));

    // The command the README gives (`npm run example` in packages/client), npm's banner left out.
    const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'example'], {
      cwd: packageDirectory,
      env: { ...process.env, FORMWELL_URL: baseUrl, FORMWELL_API_KEY: key },
    });

    const lines = stdout.trim().split('\n');
    const formId = /^created form (\w+) \(Beta waitlist\)$/.exec(lines[0] ?? '')?.[1];
    const submissionId = /^submitted (\w+)$/.exec(lines[2] ?? '')?.[1];
    expect([formId, submissionId]).toEqual([expect.any(String), expect.any(String)]);
    expect(lines).toEqual([
      `created form ${String(formId)} (Beta waitlist)`,
      'refused 400: {"email":"Must be a valid email address"}',
      `submitted ${String(submissionId)}`,
      `listed 1: ${String(submissionId)}`,
      `deleted submission ${String(submissionId)}`,
      `deleted form ${String(formId)}`,
    ]);
    expect((await listForms({ userId })).forms).toEqual([]);
  },
);

test('the client with a key creates and changes a form, submits, lists and deletes a submission, and deletes the form', async () => {
  const baseUrl = await startFormwell();
  const { key } = await ownerKey('client');
  const formwell = createFormwellClient({ baseUrl, apiKey: key });

  const form = await formwell.forms.create({
    name: 'Newsletter',
    formType: 'waitlist',
    fields: [{ name: 'email', label: 'Email', type: 'email', required: true }],
  });
  expect(await formwell.forms.get(form.id)).toEqual(form);
  const renamed = await formwell.forms.update(form.id, {
    name: 'Newsletter (beta)',
    emailSettings: { enabled: true },
  });
  expect([renamed.name, renamed.emailSettings.enabled]).toEqual(['Newsletter (beta)', true]);

  const refused = await formwell
    .submit({ formId: form.id, data: { email: 'nope' } })
    .catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(FormwellError);
  expect([(refused as FormwellError).status, Object.keys((refused as FormwellError).fieldErrors)]).toEqual([
    400,
    ['email'],
  ]);

  const { submissionId } = await formwell.submit({ formId: form.id, data: { email: 'ada@example.com' } });
  const { submissions } = await formwell.submissions.list(form.id, { limit: 10 });
  expect(submissions.map(({ id, data }) => ({ id, data }))).toEqual([
    { id: submissionId, data: { email: 'ada@example.com' } },
  ]);
  expect((await formwell.submissions.get(form.id, submissionId)).id).toBe(submissionId);
  // Into the spam folder and back: out of the listing, then in it again.
  const marked = await formwell.submissions.update(form.id, submissionId, { status: 'spam' });
  expect([marked.id, marked.status]).toEqual([submissionId, 'spam']);
  expect((await formwell.submissions.list(form.id)).submissions).toEqual([]);
  const released = await formwell.submissions.update(form.id, submissionId, { status: 'inbox' });
  expect(released.status).toBe('inbox');
  const workspace = await formwell.workspace.get();
  expect([workspace.plan, workspace.usage.submissions]).toEqual(['PRO', 1]);

  await formwell.submissions.delete(form.id, submissionId);
  expect((await formwell.submissions.list(form.id)).submissions).toEqual([]);

  await formwell.forms.delete(form.id);
  const gone = await formwell.forms.get(form.id).catch((error: unknown) => error);
  expect([(gone as FormwellError).status, (gone as FormwellError).message]).toEqual([404, 'Form not found']);
  expect((await formwell.forms.list()).forms).toEqual([]);
});
