import { createApiKey, createForm, MIGRATIONS, runMigrations, type TCreateFormInput } from '@formwell/core';
import {
  MigrationModel,
  UserModel,
  WorkspaceMemberModel,
  WorkspaceModel,
  migrationLogRepository,
} from '@formwell/db';
import mongoose from 'mongoose';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { call } from '../api-v1/helpers/http.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

/**
 * A database written by the release before workspaces: accounts carried the plan, quota, billing
 * customer and capped counters, and no workspace or membership existed. Forms, keys and
 * submissions are written by code this change left as it was (their collections are unchanged), so
 * they are made through core; the account is written exactly as the earlier `user create` stored
 * it, field by field.
 */
async function writeLegacyAccount({
  email,
  plan,
  quotaLimit,
  stripeCustomerId,
}: {
  email: string;
  plan: 'FREE' | 'STANDARD' | 'PRO';
  quotaLimit: number;
  stripeCustomerId: string | null;
}) {
  const _id = new mongoose.Types.ObjectId();
  const createdAt = new Date('2026-01-15T10:00:00.000Z');
  await UserModel.collection.insertOne({
    _id,
    email,
    name: '',
    passwordHash: null,
    role: 'OWNER',
    plan,
    quotaLimit,
    stripeCustomerId,
    formCount: 0,
    activeKeyCount: 0,
    createdAt,
    updatedAt: createdAt,
    __v: 0,
  });
  const userId = _id.toString();
  // Today's createForm and createApiKey take their slots from the tenant's counters, which live on
  // the workspace now: give them a temporary one, then put the counters back where the earlier
  // release kept them and remove it, so the database is as that release left it.
  await WorkspaceModel.collection.insertOne({
    _id,
    name: 'temporary',
    ownerId: _id,
    plan,
    quotaLimit,
    stripeCustomerId,
    formCount: 0,
    activeKeyCount: 0,
    createdAt,
    updatedAt: createdAt,
  });

  return { userId, createdAt };
}

async function retireTemporaryWorkspace(userId: string) {
  const _id = new mongoose.Types.ObjectId(userId);
  const workspace = await WorkspaceModel.collection.findOne({ _id });
  await UserModel.collection.updateOne(
    { _id },
    { $set: { formCount: workspace?.formCount, activeKeyCount: workspace?.activeKeyCount } },
  );
  await WorkspaceModel.collection.deleteOne({ _id });
}

const FIELDS = [
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'message', label: 'Message', type: 'textarea', required: false },
] as const satisfies TCreateFormInput['fields'];

describe('db migrate: personal workspaces from a database of the release before', () => {
  test('every account gets its workspace (same id, plan, quota, customer, counters) and keys answer as before', async () => {
    const { app } = await buildTestApp();
    await MigrationModel.deleteMany({});
    // The earlier release had applied its only migration.
    await migrationLogRepository.recordApplied({ version: 1, name: MIGRATIONS[0]?.name ?? '' });

    const pro = await writeLegacyAccount({
      email: 'pro-owner@example.com',
      plan: 'PRO',
      quotaLimit: 12_345,
      stripeCustomerId: 'cus_legacy_pro',
    });
    const free = await writeLegacyAccount({
      email: 'free-owner@example.com',
      plan: 'FREE',
      quotaLimit: 200,
      stripeCustomerId: null,
    });
    const proForm = await createForm({
      config: testCoreConfig,
      userId: pro.userId,
      input: { name: 'Pro contact', formType: 'contact', fields: [...FIELDS] },
    });
    await createForm({
      config: testCoreConfig,
      userId: pro.userId,
      input: { name: 'Pro survey', formType: 'survey', fields: [...FIELDS] },
    });
    const freeForm = await createForm({
      config: testCoreConfig,
      userId: free.userId,
      input: { name: 'Free contact', formType: 'contact', fields: [...FIELDS] },
    });
    const proKey = (await createApiKey({ userId: pro.userId, name: 'legacy pro key' })).key;
    const freeKey = (await createApiKey({ userId: free.userId, name: 'legacy free key' })).key;
    await retireTemporaryWorkspace(pro.userId);
    await retireTemporaryWorkspace(free.userId);
    expect(await WorkspaceModel.countDocuments({})).toBe(0);

    // Before migrating, the keys cannot authenticate: this release reads the plan from the workspace.
    const unmigrated = await call(app, { method: 'GET', url: '/api/v1/forms/list', key: proKey });
    expect(unmigrated.statusCode).toBe(404);

    const report = await runMigrations();
    // Later migrations of this release apply too; the workspaces' is the one this test is about.
    expect(report.applied).toContainEqual({ version: 2, name: 'personal-workspaces' });
    expect(report.applied.map(({ version }) => version)).not.toContain(1);

    const workspaces = await WorkspaceModel.find({}).sort({ name: 1 }).lean();
    expect(
      workspaces.map(
        ({ _id, name, ownerId, plan, quotaLimit, stripeCustomerId, formCount, activeKeyCount }) => ({
          id: _id.toString(),
          name,
          ownerId: ownerId.toString(),
          plan,
          quotaLimit,
          stripeCustomerId,
          formCount,
          activeKeyCount,
        }),
      ),
    ).toEqual([
      {
        id: free.userId,
        name: "free-owner@example.com's workspace",
        ownerId: free.userId,
        plan: 'FREE',
        quotaLimit: 200,
        stripeCustomerId: null,
        formCount: 1,
        activeKeyCount: 1,
      },
      {
        id: pro.userId,
        name: "pro-owner@example.com's workspace",
        ownerId: pro.userId,
        plan: 'PRO',
        quotaLimit: 12_345,
        stripeCustomerId: 'cus_legacy_pro',
        formCount: 2,
        activeKeyCount: 1,
      },
    ]);
    const members = await WorkspaceMemberModel.find({}).lean();
    expect(
      members
        .map(({ workspaceId, userId, role }) => ({
          workspaceId: workspaceId.toString(),
          userId: userId.toString(),
          role,
        }))
        .sort((a, b) => a.userId.localeCompare(b.userId)),
    ).toEqual(
      [pro.userId, free.userId]
        .sort((a, b) => a.localeCompare(b))
        .map((id) => ({ workspaceId: id, userId: id, role: 'owner' })),
    );
    // The moved fields are gone from the accounts; accounts from before verification count as verified.
    const account = await UserModel.collection.findOne({ _id: new mongoose.Types.ObjectId(pro.userId) });
    expect(
      Object.keys(account ?? {}).filter((key) =>
        ['plan', 'quotaLimit', 'stripeCustomerId', 'formCount', 'activeKeyCount'].includes(key),
      ),
    ).toEqual([]);
    expect(account?.emailVerifiedAt).toEqual(pro.createdAt);

    // The keys issued before answer with the same forms, plan gates and quota as before.
    const list = await call(app, { method: 'GET', url: '/api/v1/forms/list', key: proKey });
    expect(list.statusCode).toBe(200);
    expect(
      list
        .json<{ forms: { name: string }[] }>()
        .forms.map((form) => form.name)
        .sort(),
    ).toEqual(['Pro contact', 'Pro survey']);
    const submit = await call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key: proKey,
      payload: { formId: proForm.id, data: { email: 'visitor@example.com', message: 'hello' } },
    });
    expect(submit.statusCode).toBe(201);
    const submissions = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${proForm.id}/submissions`,
      key: proKey,
    });
    expect(submissions.statusCode).toBe(200);
    expect(JSON.stringify(submissions.json())).toContain('visitor@example.com');
    // PRO analytics open for the PRO key; a FREE key meets the plan gate as before.
    const proAnalytics = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${proForm.id}/analytics`,
      key: proKey,
    });
    expect(proAnalytics.statusCode).toBe(200);
    const freeAnalytics = await call(app, {
      method: 'GET',
      url: `/api/v1/forms/${freeForm.id}/analytics`,
      key: freeKey,
    });
    expect(freeAnalytics.statusCode).toBe(403);
    const foreign = await call(app, { method: 'GET', url: `/api/v1/forms/${freeForm.id}`, key: proKey });
    expect(foreign.statusCode).toBe(404);

    // A second run finds nothing to do and changes nothing.
    expect((await runMigrations()).applied).toEqual([]);
    expect(await WorkspaceModel.countDocuments({})).toBe(2);
    expect(await WorkspaceMemberModel.countDocuments({})).toBe(2);
  });
});
