import { MonthlyUsageModel, SubmissionModel } from '@formwell/db';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

const TICKET_INDEX = 'test_formId_1_data_ticket_1';

/**
 * Only the uniqueEmail index means "already submitted". Another unique index refusing the insert
 * (here one an operator added; an `_id` clash is the same error) is no duplicate email: the submit
 * fails as what it is, a 500 with the generic body, and gives its quota unit back.
 */
test('a duplicate key on another index than uniqueEmail is a 500, never the duplicate-email 409', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { fields: [], uniqueEmail: true });
  await SubmissionModel.collection.createIndex(
    { formId: 1, 'data.ticket': 1 },
    { name: TICKET_INDEX, unique: true, partialFilterExpression: { 'data.ticket': { $exists: true } } },
  );
  try {
    const submit = (data: Record<string, string>) =>
      call(app, {
        method: 'POST',
        url: '/api/v1/forms/submit',
        key: owner.key,
        payload: { formId: form.id, data },
      });

    const first = await submit({ email: 'a@example.com', ticket: 'T-1' });
    const clash = await submit({ email: 'b@example.com', ticket: 'T-1' });
    const sameEmail = await submit({ email: 'a@example.com', ticket: 'T-2' });

    expect(first.statusCode).toBe(201);
    expect([clash.statusCode, clash.json()]).toEqual([
      500,
      { error: 'Internal server error', message: 'Internal server error', code: 'INTERNAL_SERVER_ERROR' },
    ]);
    expect([sameEmail.statusCode, sameEmail.json<{ error: string }>().error]).toEqual([
      409,
      'A submission with this email already exists for this form',
    ]);
    // Only the stored submission holds a unit of the month's quota.
    const usage = await MonthlyUsageModel.findOne({ userId: owner.userId }).lean();
    expect(usage).toMatchObject({ used: 1 });
  } finally {
    await SubmissionModel.collection.dropIndex(TICKET_INDEX);
  }
});
