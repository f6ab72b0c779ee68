import { testMongoUri } from '@formwell/vitest-config/services';
import mongoose, { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { monitoredUri } from '../../test/monitored-uri.js';
import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { FormStatsMonthModel } from '../models/form-stats-month.js';
import { SubmissionModel } from '../models/submission.js';
import { formStatsRepository } from './form-stats.js';
import { nonZeroBuckets } from './stats-buckets.js';

beforeAll(async () => {
  await connectDatabase({ uri: monitoredUri(testMongoUri('db_stats_clear_mark')) });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

const at = new Date('2026-11-21T06:30:00.000Z');

/** A form and its submissions stored as a submit stores them: marked "counters pending". */
function formWithSubmissions() {
  const userId = new Types.ObjectId();
  const formId = new Types.ObjectId();

  return {
    async submit() {
      const _id = new Types.ObjectId();
      await SubmissionModel.collection.insertOne({
        _id,
        userId,
        formId,
        countersPending: true,
        createdAt: at,
      });
      const cleared = await commandsOf(() =>
        formStatsRepository.recordSubmission({
          userId: userId.toString(),
          formId: formId.toString(),
          submissionId: _id.toString(),
          at,
          browser: 'Chrome',
          country: 'Germany',
          clearMark: true,
        }),
      );
      const pending = (await SubmissionModel.collection.countDocuments({ _id, countersPending: true })) === 1;

      return { ...cleared, pending };
    },
    async counted() {
      const stats = await formStatsRepository.get({ userId: userId.toString(), formId: formId.toString() });

      return { total: stats?.total, days: stats?.months.map((month) => nonZeroBuckets(month.days)) };
    },
    dropMonth: () => FormStatsMonthModel.collection.deleteMany({ formId }),
  };
}

/** What `work` answered and the names of the commands the default connection sent meanwhile. */
async function commandsOf(work: () => Promise<boolean>) {
  const commands: string[] = [];
  const client = mongoose.connection.getClient();
  const listener = (event: { commandName: string }) => commands.push(event.commandName);
  client.on('commandStarted', listener);
  try {
    return { cleared: await work(), commands };
  } finally {
    client.off('commandStarted', listener);
  }
}

describe('recordSubmission with clearMark', () => {
  test('a month already seen: both counters and the mark in one command', async () => {
    const form = formWithSubmissions();
    // The month's first submission creates its document: the mark is left to the caller.
    expect(await form.submit()).toMatchObject({ cleared: false, pending: true });

    expect(await form.submit()).toEqual({ cleared: true, commands: ['bulkWrite'], pending: false });
    expect(await form.counted()).toEqual({ total: 2, days: [{ '21T0630': 2 }] });
  });

  test('a month document deleted since it was seen: the mark is set again and the month counted', async () => {
    const form = formWithSubmissions();
    await form.submit();
    await form.dropMonth();

    expect(await form.submit()).toMatchObject({ cleared: false, pending: true });
    expect(await form.counted()).toEqual({ total: 2, days: [{ '21T0630': 1 }] });
  });
});
