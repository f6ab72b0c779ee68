import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { formRepository } from './form.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { userRepository } from './user.js';
import { workspaceRepository } from './workspace.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_user') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

describe('userRepository and formRepository', () => {
  test('emails are stored lower-case and unique', async () => {
    const user = await userRepository.create({ email: 'Ada@Example.COM' });
    const error: unknown = await userRepository.create({ email: 'ada@example.com' }).catch((e: unknown) => e);

    expect(user.email).toBe('ada@example.com');
    expect(isDuplicateKeyError(error)).toBe(true);
    expect(await userRepository.findByEmail({ email: 'ADA@example.com' })).toMatchObject({ id: user.id });
    const workspace = await workspaceRepository.create({
      id: user.id,
      name: "ada@example.com's workspace",
      ownerId: user.id,
      plan: 'FREE',
      quotaLimit: 200,
    });
    expect(workspace.id).toBe(user.id);
    expect(
      await workspaceRepository.setPlan({ workspaceId: user.id, plan: 'PRO', quotaLimit: 10_000 }),
    ).toMatchObject({ plan: 'PRO', quotaLimit: 10_000 });
  });

  test('forms are scoped by owner; the owner lookup tells foreign from missing', async () => {
    const owner = await userRepository.create({ email: 'owner@example.com' });
    const other = await userRepository.create({ email: 'other@example.com' });
    const form = await formRepository.create({
      userId: owner.id,
      name: 'F',
      description: '',
      formType: 'contact',
      fields: [],
      settings: { usersJoined: null },
      emailSettings: {
        enabled: false,
        developerNotificationsEnabled: false,
        confirmUnverified: false,
        notificationTemplate: null,
        confirmationTemplate: null,
        developerEmail: null,
        subject: null,
        replyTo: null,
      },
      uniqueEmail: false,
      retentionDays: null,
    });

    expect(await formRepository.findById({ userId: owner.id, formId: form.id })).toMatchObject({
      name: 'F',
      submissionCount: 0,
    });
    expect(await formRepository.findById({ userId: other.id, formId: form.id })).toBeNull();
    expect(await formRepository.findOwnerId({ formId: form.id })).toBe(owner.id);
    expect(await formRepository.findOwnerId({ formId: '000000000000000000000000' })).toBeNull();
    expect(await formRepository.update({ userId: other.id, formId: form.id, set: { name: 'X' } })).toBeNull();
    expect(await formRepository.delete({ userId: other.id, formId: form.id })).toBe(false);
    await formRepository.incrementCounts({ userId: owner.id, formId: form.id, by: { submissionCount: 2 } });
    expect((await formRepository.list({ userId: owner.id, limit: 5 })).items[0]?.submissionCount).toBe(2);
    expect(await formRepository.count({ userId: other.id })).toBe(0);
  });
});
