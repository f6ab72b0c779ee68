import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { expect, test } from 'vitest';

import { runFormwell } from './test/run-formwell.js';
import { useCliDatabase } from './test/use-cli-database.js';

const database = useCliDatabase('cli_notifications');

async function json(...args: string[]): Promise<Record<string, unknown>> {
  const run = await runFormwell(database(), ...args);
  expect([run.code, run.stderr]).toEqual([0, '']);

  return JSON.parse(run.stdout) as Record<string, unknown>;
}

test('form update sets templates from a Markdown file, refuses unknown placeholders; form notify lists and sets modes', async () => {
  const owner = await json('user', 'create', '--email', 'notify-owner@example.com', '--plan', 'PRO');
  const colleague = await json('user', 'create', '--email', 'notify-member@example.com');
  const fields = JSON.stringify([{ id: 'message', name: 'message', label: 'Message', type: 'textarea' }]);
  const form = await json(
    'form',
    'create',
    '--user',
    String(owner.id),
    '--name',
    'N',
    '--type',
    'contact',
    '--fields',
    fields,
  );
  await json(
    'member',
    'add',
    '--workspace',
    String(owner.id),
    '--email',
    'notify-member@example.com',
    '--role',
    'member',
  );
  const dir = await mkdtemp(join(tmpdir(), 'formwell-templates-'));
  const body = join(dir, 'notification.md');
  await writeFile(body, '## {{form.name}}\n\n{{field.message}}\n');

  const updated = await json(
    'form',
    'update',
    '--form',
    String(form.id),
    '--notification-subject',
    'New: {{form.name}}',
    '--notification-body-file',
    body,
  );
  expect(updated).toMatchObject({
    emailSettings: { developerNotificationsEnabled: true },
    // Stored trimmed, as every text setting.
    emailSettingsFull: {
      notificationTemplate: { subject: 'New: {{form.name}}', body: '## {{form.name}}\n\n{{field.message}}' },
    },
  });
  const reset = await json('form', 'update', '--form', String(form.id), '--notification-body-file', '');
  expect(reset).toMatchObject({
    emailSettingsFull: { notificationTemplate: { subject: 'New: {{form.name}}', body: null } },
  });
  const bad = await runFormwell(
    database(),
    'form',
    'update',
    '--form',
    String(form.id),
    '--confirmation-subject',
    '{{secret}}',
  );
  expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('Unknown placeholders: {{secret}}')]);

  expect(await json('form', 'notify', '--form', String(form.id))).toEqual({
    members: [
      {
        userId: String(owner.id),
        email: 'notify-owner@example.com',
        role: 'owner',
        mode: 'instant',
        emailVerified: true,
      },
      {
        userId: String(colleague.id),
        email: 'notify-member@example.com',
        role: 'member',
        mode: 'off',
        emailVerified: true,
      },
    ],
  });
  expect(
    await json(
      'form',
      'notify',
      '--form',
      String(form.id),
      '--user',
      String(colleague.id),
      '--mode',
      'hourly',
    ),
  ).toMatchObject({ userId: String(colleague.id), mode: 'hourly' });
  const wrong = await runFormwell(
    database(),
    'form',
    'notify',
    '--form',
    String(form.id),
    '--user',
    String(colleague.id),
    '--mode',
    'weekly',
  );
  expect(wrong.code).toBe(2);
});
