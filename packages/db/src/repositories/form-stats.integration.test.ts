import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { formStatsRepository } from './form-stats.js';
import { nonZeroBuckets } from './stats-buckets.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_stats') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

describe('formStatsRepository', () => {
  test('concurrent submissions are all counted in their buckets', async () => {
    const userId = new Types.ObjectId().toString();
    const formId = new Types.ObjectId().toString();
    const at = new Date('2026-11-21T06:30:00.000Z');
    await Promise.all([
      ...Array.from({ length: 10 }, (_, i) =>
        formStatsRepository.recordSubmission({
          userId,
          formId,
          at: i < 7 ? at : new Date('2026-11-21T09:00:00.000Z'),
          browser: i < 4 ? 'Chrome' : 'Mobile Safari',
          country: i < 5 ? 'United States' : 'St. Kitts & Nevis',
        }),
      ),
    ]);
    const stats = await formStatsRepository.get({ userId, formId });

    expect({ ...stats, months: stats?.months.map((m) => ({ ...m, days: nonZeroBuckets(m.days) })) }).toEqual({
      formId,
      total: 10,
      browsers: { Chrome: 4, 'Mobile Safari': 6 },
      countries: { 'United States': 5, 'St. Kitts & Nevis': 5 },
      months: [
        {
          month: '2026-11',
          days: { '21T0630': 7, '21T0900': 3 },
          quarterOfDay: { '0630': 7, '0900': 3 },
        },
      ],
    });
    expect(await formStatsRepository.get({ userId: new Types.ObjectId().toString(), formId })).toBeNull();
  });
});
