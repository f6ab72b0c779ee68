import { formRepository } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { runFormwell, runFormwellWith } from './test/run-formwell.js';
import { useCliDatabase } from './test/use-cli-database.js';

const database = useCliDatabase('cli_lists');

/** Runs `formwell …` and parses its one JSON document (exit 0 expected). */
async function json(...args: string[]): Promise<Record<string, unknown>> {
  const run = await runFormwell(database(), ...args);
  expect([run.code, run.stderr]).toEqual([0, '']);

  return JSON.parse(run.stdout) as Record<string, unknown>;
}

type TPage = { nextCursor: string | null } & Record<string, unknown>;

/** Every page of a list command, following nextCursor with --cursor. */
async function allPages(key: string, ...args: string[]): Promise<{ pages: number; items: unknown[] }> {
  const items: unknown[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = (await json(...args, ...(cursor ? ['--cursor', cursor] : []))) as TPage;
    items.push(...(page[key] as unknown[]));
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor !== null);

  return { pages, items };
}

describe('list commands', () => {
  test('user, form, key and webhook lists: the documented shapes, paged with --limit and --cursor', async () => {
    const user = await json('user', 'create', '--email', 'lists@example.com', '--plan', 'PRO');
    const userId = String(user.id);
    const formA = await json('form', 'create', '--user', userId, '--name', 'A', '--type', 'contact');
    await json('form', 'create', '--user', userId, '--name', 'B', '--type', 'contact');
    const formC = await json('form', 'create', '--user', userId, '--name', 'C', '--type', 'contact');
    const key = await json('key', 'create', '--user', userId, '--name', 'ci', '--scopes', 'forms:read');
    await json('key', 'revoke', '--key-id', String(key.id));
    await json('key', 'create', '--user', userId, '--name', 'second');
    const hook = await json(
      'webhook',
      'create',
      '--form',
      String(formA.id),
      '--url',
      'https://hooks.slack.com/services/T000/B000/XXXXXXXXXXXXXXXXXXXXXXXX',
      '--header',
      'Authorization: Bearer receiver-token-123',
    );

    const users = await allPages('users', 'user', 'list', '--limit', '1');
    const forms = await allPages('forms', 'form', 'list', '--user', userId, '--limit', '2');
    const keys = await json('key', 'list', '--user', userId);
    const webhooks = await json('webhook', 'list', '--form', String(formA.id));

    expect(users.items).toContainEqual({
      id: userId,
      email: 'lists@example.com',
      plan: 'PRO',
      role: 'OWNER',
    });
    const userIds = users.items.map((item) => (item as { id: string }).id);
    expect(new Set(userIds).size).toBe(userIds.length);
    expect(users.pages).toBeGreaterThanOrEqual(userIds.length);
    expect(forms.pages).toBe(2);
    expect(forms.items.map((form) => (form as { name: string }).name)).toEqual(['C', 'B', 'A']);
    expect(Object.keys(forms.items[0] as object).sort()).toEqual(
      ['createdAt', 'description', 'formType', 'id', 'name', 'submissionCount', 'updatedAt'].sort(),
    );
    expect((forms.items[0] as { id: string }).id).toBe(formC.id);
    expect(keys).toEqual({
      keys: [
        expect.objectContaining({ name: 'second', isActive: true }),
        {
          id: key.id,
          name: 'ci',
          prefix: String(key.key).slice(0, 12),
          last4: String(key.key).slice(-4),
          scopes: ['forms:read'],
          isActive: false,
          createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) as string,
        },
      ],
      nextCursor: null,
    });
    expect(JSON.stringify(keys)).not.toContain(String(key.key));
    expect(webhooks).toEqual({
      webhooks: [{ id: hook.id, url: 'https://hooks.slack.com/services/…', enabled: true }],
      nextCursor: null,
    });
    expect(JSON.stringify(webhooks)).not.toContain('XXXXXXXXXXXXXXXXXXXXXXXX');
    expect(JSON.stringify(webhooks)).not.toContain(String(hook.secret));
    expect(hook.headers).toEqual([{ name: 'Authorization', value: 'Bearer ***' }]);
  });

  test('a bad --limit or --cursor is exit 2; an unknown user or form is exit 1; --user is required', async () => {
    const badLimit = await runFormwell(database(), 'user', 'list', '--limit', '0');
    const badCursor = await runFormwell(database(), 'user', 'list', '--cursor', '!!!');
    const unknownUser = await runFormwell(database(), 'key', 'list', '--user', '0123456789abcdef01234567');
    const unknownForm = await runFormwell(
      database(),
      'webhook',
      'list',
      '--form',
      '0123456789abcdef01234567',
    );
    const missing = await runFormwell(database(), 'form', 'list');

    expect([badLimit.code, badCursor.code, unknownUser.code, unknownForm.code, missing.code]).toEqual([
      2, 2, 1, 1, 2,
    ]);
    expect(unknownUser.stderr).toBe('formwell: User not found\n');
    expect(missing.stderr).toContain('missing required option --workspace (or --user)');
    for (const run of [badLimit, badCursor, unknownUser, unknownForm, missing]) {
      expect(run.stdout).toBe('');
    }
  });

  test('webhook create refuses a private target naming ALLOW_PRIVATE_WEBHOOK_TARGETS, and accepts it with the setting', async () => {
    const user = await json('user', 'create', '--email', 'private-hooks@example.com', '--plan', 'PRO');
    const form = await json('form', 'create', '--user', String(user.id), '--name', 'P', '--type', 'contact');
    const args = ['webhook', 'create', '--form', String(form.id), '--url', 'http://127.0.0.1:8080/hook'];

    const refused = await runFormwell(database(), ...args);
    const allowed = await runFormwellWith(
      { uri: database(), env: { ALLOW_PRIVATE_WEBHOOK_TARGETS: 'true' } },
      ...args,
    );

    expect([refused.code, refused.stdout]).toEqual([2, '']);
    expect(refused.stderr).toContain('ALLOW_PRIVATE_WEBHOOK_TARGETS=true');
    expect(allowed.code).toBe(0);
  });

  test('form update sets email settings and retention', async () => {
    const user = await json('user', 'create', '--email', 'form-update@example.com', '--plan', 'PRO');
    const form = await json('form', 'create', '--user', String(user.id), '--name', 'U', '--type', 'contact');

    const updated = await json(
      'form',
      'update',
      '--form',
      String(form.id),
      '--confirmation',
      'on',
      '--email-subject',
      'Thanks!',
      '--reply-to',
      'team@example.com',
      '--notification',
      'on',
      '--developer-email',
      'dev@example.com',
      '--retention-days',
      '30',
    );
    const cleared = await json('form', 'update', '--form', String(form.id), '--retention-days', 'off');
    const bad = await runFormwell(
      database(),
      'form',
      'update',
      '--form',
      String(form.id),
      '--retention-days',
      'soon',
    );

    const stored = await formRepository.findById({ userId: String(user.id), formId: String(form.id) });

    expect(updated).toMatchObject({
      emailSettings: { enabled: true, developerNotificationsEnabled: true },
      retentionDays: 30,
    });
    expect(stored?.emailSettings).toMatchObject({
      enabled: true,
      subject: 'Thanks!',
      replyTo: 'team@example.com',
      developerNotificationsEnabled: true,
      developerEmail: 'dev@example.com',
    });
    expect(cleared).toMatchObject({ retentionDays: null, emailSettings: { enabled: true } });
    expect([bad.code, bad.stderr]).toEqual([2, expect.stringContaining('--retention-days')]);
  });
});
