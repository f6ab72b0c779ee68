import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { FormStatsDayModel } from '../models/form-stats-day.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { SubmissionModel } from '../models/submission.js';
import { LEGACY_MONTHS_COLLECTION, migrateAnalyticsToDays } from './analytics-days-migration.js';
import { formStatsRepository } from './form-stats.js';
import { emptyDays, nonZeroBuckets } from './stats-buckets.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_analytics_days_migration') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

const legacy = () => FormStatsModel.db.collection(LEGACY_MONTHS_COLLECTION);

/** A month's `days` as the former documents held them, with `counts` (`[day, slot, count]`). */
function monthDays(month: string, counts: [number, number, number][]): number[][] {
  const days = emptyDays(month);
  for (const [day, slot, count] of counts) {
    const row = days[day - 1];
    if (row) {
      row[slot] = count;
    }
  }

  return days;
}

/**
 * A form as the former release left it: ids remembered on the form, the totals and two month
 * documents; a submission whose submit was cut short after its form count (its mark still set, its
 * analytics not counted); and, as the new code may already have written, a day document of
 * October 5 (one submission) and a day of October 31 that a run cut short had moved already.
 */
async function seedLegacyForm() {
  const userId = new Types.ObjectId();
  const formId = new Types.ObjectId();
  const counted = [new Types.ObjectId(), new Types.ObjectId(), new Types.ObjectId()];
  const cutShort = new Types.ObjectId();
  const cutShortAt = new Date(Date.UTC(2026, 10, 3, 10, 0));
  await FormModel.collection.insertOne({
    _id: formId,
    userId,
    name: 'legacy',
    submissionCount: 4,
    countedIds: [...counted, cutShort],
  });
  await SubmissionModel.collection.insertOne({
    _id: cutShort,
    formId,
    userId,
    email: null,
    data: {},
    meta: { browser: 'Firefox', os: 'Linux', device: 'Desktop', country: 'France' },
    outbox: [],
    hasPendingOutbox: false,
    status: 'inbox',
    countersPending: true,
    createdAt: cutShortAt,
  });
  await FormStatsModel.collection.insertOne({
    formId,
    userId,
    total: 3,
    spam: 2,
    browsers: { Chrome: 3 },
    countries: { Germany: 3 },
    quarterOfDay: { '2026-10': { '0915': 2, '2345': 1 } },
    version: 3,
    countedIds: counted,
  });
  await legacy().insertMany([
    {
      formId,
      userId,
      month: '2026-10',
      days: monthDays('2026-10', [
        [5, 37, 2],
        [31, 95, 1],
      ]),
      version: 3,
      countedIds: counted,
    },
    { formId, userId, month: '2026-11', days: monthDays('2026-11', []), version: 0, countedIds: [] },
  ]);
  await FormStatsDayModel.collection.insertMany([
    { formId, userId, day: '2026-10-05', slots: { 37: 1 }, version: 1 },
    { formId, userId, day: '2026-10-31', slots: { 95: 1 }, version: 1, migratedFrom: '2026-10' },
  ]);

  return { userId, formId, cutShort };
}

test('month documents become day documents once, the cut-short submit is finished once, no ids stay', async () => {
  const { userId, formId, cutShort } = await seedLegacyForm();

  const first = await migrateAnalyticsToDays();
  const second = await migrateAnalyticsToDays();

  expect(first.settled).toBeGreaterThanOrEqual(1);
  expect(second).toEqual({ settled: 0, months: 0 });
  const stats = await formStatsRepository.get({ userId: userId.toString(), formId: formId.toString() });
  expect({ ...stats, months: stats?.months.map((m) => ({ ...m, days: nonZeroBuckets(m.days) })) }).toEqual({
    formId: formId.toString(),
    // The cut-short submission joins the totals; its form count was there already.
    total: 4,
    browsers: { Chrome: 3, Firefox: 1 },
    countries: { Germany: 3, France: 1 },
    months: [
      {
        month: '2026-10',
        // October 5: the two moved plus the one the new code counted; October 31 moved once.
        days: { '05T0915': 3, '31T2345': 1 },
        quarterOfDay: { '0915': 2, '2345': 1 },
      },
      { month: '2026-11', days: { '03T1000': 1 }, quarterOfDay: { '1000': 1 } },
    ],
  });
  expect(await FormModel.collection.findOne({ _id: formId })).toMatchObject({ submissionCount: 4 });
  expect(await FormModel.collection.findOne({ _id: formId })).not.toHaveProperty('countedIds');
  expect(await FormStatsModel.collection.findOne({ formId })).not.toHaveProperty('countedIds');
  expect(await FormStatsModel.collection.findOne({ formId })).not.toHaveProperty('quarterOfDay');
  expect(await legacy().countDocuments({ formId })).toBe(0);
  expect(await SubmissionModel.collection.findOne({ _id: cutShort })).not.toHaveProperty('countersPending');
});

test('a cut-short submit the former counters had fully counted only loses its mark', async () => {
  const userId = new Types.ObjectId();
  const formId = new Types.ObjectId();
  const id = new Types.ObjectId();
  await FormModel.collection.insertOne({
    _id: formId,
    userId,
    name: 'f',
    submissionCount: 1,
    countedIds: [id],
  });
  await FormStatsModel.collection.insertOne({
    formId,
    userId,
    total: 1,
    browsers: {},
    countries: {},
    countedIds: [id],
  });
  await legacy().insertOne({
    formId,
    userId,
    month: '2026-11',
    days: monthDays('2026-11', [[3, 40, 1]]),
    countedIds: [id],
  });
  await SubmissionModel.collection.insertOne({
    _id: id,
    formId,
    userId,
    meta: { browser: 'Chrome', country: 'Germany' },
    countersPending: true,
    createdAt: new Date(Date.UTC(2026, 10, 3, 10, 0)),
  });

  await migrateAnalyticsToDays();

  expect(await FormModel.collection.findOne({ _id: formId })).toMatchObject({ submissionCount: 1 });
  expect(await FormStatsModel.collection.findOne({ formId })).toMatchObject({ total: 1 });
  expect(await FormStatsDayModel.collection.findOne({ formId })).toMatchObject({
    day: '2026-11-03',
    slots: { 40: 1 },
  });
  expect(await SubmissionModel.collection.findOne({ _id: id })).not.toHaveProperty('countersPending');
});
