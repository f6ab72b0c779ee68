import { SubmissionModel, UserModel } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { DEFAULT_PLAN_LIMITS } from '../config/plans.js';
import type { AppError } from '../errors/app-error.js';
import { submitForm } from '../submissions/submit-form.js';
import { createUser } from '../users/create-user.js';
import { createForm } from './create-form.js';
import { deleteForm } from './delete-form.js';
import { getForm } from './get-form.js';
import { getUsersJoined } from './get-users-joined.js';
import { listForms } from './list-forms.js';
import { updateForm } from './update-form.js';

useTestDatabase('core_forms');

describe('forms', () => {
  test('plan form limit: 403 with n/max', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'FREE' } });
    await createForm({ config: testConfig, userId: user.id, input: { name: 'One', formType: 'contact' } });
    const error = await appErrorOf(
      createForm({ config: testConfig, userId: user.id, input: { name: 'Two', formType: 'contact' } }),
    );

    expect([error.httpStatus, error.message]).toEqual([403, 'Form limit reached (1/1) for your plan']);
  });

  test('deleting a form frees its slot; accounts without a counter get one from a count', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'FREE' } });
    const first = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'One', formType: 'contact' },
    });
    await deleteForm({ userId: user.id, formId: first.id });
    const second = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'Two', formType: 'contact' },
    });

    await UserModel.updateOne({ _id: user.id }, { $unset: { formCount: 1 } });
    expect(
      (
        await appErrorOf(
          createForm({ config: testConfig, userId: user.id, input: { name: 'Three', formType: 'contact' } }),
        )
      ).httpStatus,
    ).toBe(403);
    await deleteForm({ userId: user.id, formId: second.id });
    await createForm({ config: testConfig, userId: user.id, input: { name: 'Four', formType: 'contact' } });
  });

  test('concurrent creates never exceed the plan limit', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'STANDARD' } });
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) =>
        createForm({ config: testConfig, userId: user.id, input: { name: `F${i}`, formType: 'custom' } }),
      ),
    );

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(5);
    expect((await listForms({ userId: user.id })).forms).toHaveLength(5);
    expect(
      results.every(
        (r) =>
          r.status === 'fulfilled' ||
          (r.reason as AppError).message === 'Form limit reached (5/5) for your plan',
      ),
    ).toBe(true);
  });

  test('get form: the interface view, 404 for missing and for another user', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const other = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const created = await createForm({
      config: testConfig,
      userId: user.id,
      input: {
        name: 'Survey',
        formType: 'survey',
        fields: [{ name: 'color', type: 'select', options: ['red'], required: true }],
      },
    });
    const view = await getForm({ userId: user.id, formId: created.id, limits: DEFAULT_PLAN_LIMITS.PRO });

    expect(view).toMatchObject({
      name: 'Survey',
      title: 'Survey',
      formType: 'survey',
      formTypeDisplay: 'Survey',
      formTypeSpecific: { surveyVersion: '1.0', supportsAnalytics: true },
      fields: [
        { id: 'color', name: 'color', label: 'color', type: 'select', required: true, options: ['red'] },
      ],
      // The owner notification is on by default where the plan includes it.
      emailSettings: { enabled: false, developerNotificationsEnabled: true },
      usersJoinedSettings: null,
      submissionCount: 0,
    });
    expect(new Date(view.createdAt).toISOString()).toBe(view.createdAt);
    for (const formId of [created.id, '000000000000000000000000', 'junk']) {
      const error = await appErrorOf(getForm({ userId: other.id, formId, limits: DEFAULT_PLAN_LIMITS.PRO }));
      expect([error.httpStatus, error.message]).toEqual([404, 'Form not found']);
    }
  });

  test('users-joined: submissionCount when enabled, 0 when not; foreign form 403', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const other = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const f = await createForm({
      config: testConfig,
      userId: user.id,
      input: {
        name: 'W',
        formType: 'waitlist',
        settings: { usersJoined: { enabled: true } },
        uniqueEmail: false,
      },
    });
    const actor = { id: user.id, plan: 'PRO' as const, quotaLimit: 100 };
    await submitForm({ config: testConfig, user: actor, input: { formId: f.id, data: { email: 'a@b.io' } } });
    await submitForm({ config: testConfig, user: actor, input: { formId: f.id, data: { email: 'a@b.io' } } });

    expect(await getUsersJoined({ userId: user.id, formId: f.id })).toEqual({ formId: f.id, count: 2 });
    expect(
      (await getForm({ userId: user.id, formId: f.id, limits: DEFAULT_PLAN_LIMITS.PRO })).usersJoinedSettings,
    ).toEqual({
      enabled: true,
      count: 2,
    });
    await updateForm({
      config: testConfig,
      userId: user.id,
      formId: f.id,
      data: { settings: { usersJoined: { enabled: false } } },
    });
    expect(await getUsersJoined({ userId: user.id, formId: f.id })).toEqual({ formId: f.id, count: 0 });
    const foreign = await appErrorOf(getUsersJoined({ userId: other.id, formId: f.id }));
    expect(foreign.toBody()).toMatchObject({
      message: 'Unauthorized',
      error: 'Form does not belong to this user',
    });
  });

  test('turning uniqueEmail on counts the addresses the form already holds as used', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const f = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'Late rule', formType: 'contact', uniqueEmail: false },
    });
    const actor = { id: user.id, plan: 'PRO' as const, quotaLimit: 100 };
    const submit = (email: string) =>
      submitForm({ config: testConfig, user: actor, input: { formId: f.id, data: { email } } });
    // Twice the same address while the rule is off: both are kept.
    await submit('early@b.io');
    await submit('early@b.io');
    await submit('other@b.io');
    // The form declares no fields, so any value is taken; the rule keys it all the same.
    await submit(' Not An Address');

    await updateForm({ config: testConfig, userId: user.id, formId: f.id, data: { uniqueEmail: true } });

    for (const used of ['early@b.io', 'other@b.io', 'not an address']) {
      const error = await appErrorOf(submit(used));
      expect([error.httpStatus, error.message], used).toEqual([
        409,
        'A submission with this email already exists for this form',
      ]);
    }
    await submit('new@b.io');
    expect((await appErrorOf(submit('new@b.io'))).httpStatus).toBe(409);
    // Nothing collected before is lost: both early submissions stay.
    expect(await SubmissionModel.countDocuments({ formId: f.id })).toBe(5);

    // Off and on again: the addresses stay used.
    await updateForm({ config: testConfig, userId: user.id, formId: f.id, data: { uniqueEmail: false } });
    await submit('new@b.io');
    await updateForm({ config: testConfig, userId: user.id, formId: f.id, data: { uniqueEmail: true } });
    expect((await appErrorOf(submit('early@b.io'))).httpStatus).toBe(409);
    expect((await appErrorOf(submit('new@b.io'))).httpStatus).toBe(409);
  });

  test('uniqueEmail defaults to true for waitlists; email features are plan-gated', async () => {
    const free = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'FREE' } });
    const standard = await createUser({
      config: testConfig,
      input: { email: testEmail(), plan: 'STANDARD' },
    });
    const waitlist = await createForm({
      config: testConfig,
      userId: standard.id,
      input: { name: 'W', formType: 'waitlist' },
    });

    expect(waitlist.uniqueEmail).toBe(true);
    expect(
      (
        await appErrorOf(
          createForm({
            config: testConfig,
            userId: free.id,
            input: { name: 'E', formType: 'contact', emailSettings: { enabled: true } },
          }),
        )
      ).httpStatus,
    ).toBe(403);
    expect(
      (
        await appErrorOf(
          updateForm({
            config: testConfig,
            userId: standard.id,
            formId: waitlist.id,
            data: { emailSettings: { developerNotificationsEnabled: true } },
          }),
        )
      ).message,
    ).toBe('Developer notifications require PRO plan');
  });

  test('list: newest first, paginated, scoped; delete removes it', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) {
      ids.push(
        (
          await createForm({
            config: testConfig,
            userId: user.id,
            input: { name: `F${i}`, formType: 'custom' },
          })
        ).id,
      );
    }
    const first = await listForms({ userId: user.id, limit: 2 });
    const second = await listForms({ userId: user.id, limit: 2, cursor: first.nextCursor });
    const third = await listForms({ userId: user.id, limit: 2, cursor: second.nextCursor });

    expect([...first.forms, ...second.forms, ...third.forms].map((f) => f.id)).toEqual([...ids].reverse());
    expect(third.nextCursor).toBeNull();
    expect(Object.keys(first.forms[0] ?? {}).sort()).toEqual(
      ['createdAt', 'description', 'formType', 'id', 'name', 'submissionCount', 'updatedAt'].sort(),
    );
    expect((await appErrorOf(listForms({ userId: user.id, cursor: 'garbage' }))).httpStatus).toBe(400);
    expect((await appErrorOf(listForms({ userId: user.id, limit: 101 }))).httpStatus).toBe(400);

    await deleteForm({ userId: user.id, formId: ids[0] ?? '' });
    expect((await listForms({ userId: user.id })).forms).toHaveLength(4);
    expect((await appErrorOf(deleteForm({ userId: user.id, formId: ids[0] ?? '' }))).httpStatus).toBe(404);
  });
});
