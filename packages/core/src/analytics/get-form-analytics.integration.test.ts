import { FormModel } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { bruteForce, type TRaw } from '../../test/analytics-brute-force.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createForm } from '../forms/create-form.js';
import { submitForm } from '../submissions/submit-form.js';
import { createUser } from '../users/create-user.js';
import { TIME_RANGES } from './analytics-types.js';
import { getFormAnalytics } from './get-form-analytics.js';

useTestDatabase('core_analytics');

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';

describe('getFormAnalytics', () => {
  test('PRO: base and PRO fields from the counters the submits bumped', async () => {
    const owner = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const user = { id: owner.id, plan: 'PRO' as const, quotaLimit: 1000 };
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'A', formType: 'survey' },
    });
    const now = new Date();
    const submit = (agent: string, language: string, hoursAgo: number) =>
      submitForm({
        config: testConfig,
        user,
        input: { formId: form.id, data: {} },
        client: { userAgent: agent, acceptLanguage: language },
        now: new Date(now.getTime() - hoursAgo * 3_600_000),
      });
    await submit(CHROME, 'en-US', 0);
    await submit(CHROME, 'en-US', 1);
    await submit(FIREFOX, 'de-DE', 2);
    await submit(CHROME, 'fr', 30);
    await submit(FIREFOX, 'en-GB', 200);

    const analytics = await getFormAnalytics({
      config: testConfig,
      user,
      formId: form.id,
      timeRange: 'day',
      now,
    });

    expect(analytics).toMatchObject({
      totalSubmissions: 5,
      dailySubmissionRate: 5,
      last24HoursSubmissions: 3,
      timeRange: 'day',
      plan: 'PRO',
      weekOverWeekGrowth: 3,
      browserStats: [
        { name: 'Chrome', count: 3, percentage: 0.6 },
        { name: 'Firefox', count: 2, percentage: 0.4 },
      ],
      locationStats: [
        { name: 'United States', count: 2, percentage: 0.4 },
        { name: 'Germany', count: 1, percentage: 0.2 },
        { name: 'United Kingdom', count: 1, percentage: 0.2 },
        { name: 'Unknown', count: 1, percentage: 0.2 },
      ],
    });
    expect(analytics.timeSeriesData).toHaveLength(24);
    expect(analytics.timeSeriesData.reduce((s, p) => s + p.submissions, 0)).toBe(3);
    expect(analytics.peakSubmissionHour).toBeGreaterThanOrEqual(0);
  });

  test('STANDARD gets only the base fields; FREE 403; bad timeRange 400; foreign 404', async () => {
    const standard = await createUser({
      config: testConfig,
      input: { email: testEmail(), plan: 'STANDARD' },
    });
    const free = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'FREE' } });
    const form = await createForm({
      config: testConfig,
      userId: standard.id,
      input: { name: 'S', formType: 'contact' },
    });
    const freeForm = await createForm({
      config: testConfig,
      userId: free.id,
      input: { name: 'F', formType: 'contact' },
    });
    const analytics = await getFormAnalytics({
      config: testConfig,
      user: { id: standard.id, plan: 'STANDARD' },
      formId: form.id,
    });

    expect(Object.keys(analytics).sort()).toEqual(
      [
        'dailySubmissionRate',
        'last24HoursSubmissions',
        'plan',
        'timeRange',
        'timeSeriesData',
        'totalSubmissions',
      ].sort(),
    );
    expect(analytics.timeSeriesData).toHaveLength(7);
    const gated = await appErrorOf(
      getFormAnalytics({ config: testConfig, user: { id: free.id, plan: 'FREE' }, formId: freeForm.id }),
    );
    expect([gated.httpStatus, gated.message]).toEqual([
      403,
      'Analytics are only available with the STANDARD or PRO plan',
    ]);
    const bad = await appErrorOf(
      getFormAnalytics({
        config: testConfig,
        user: { id: standard.id, plan: 'STANDARD' },
        formId: form.id,
        timeRange: 'year',
      }),
    );
    expect([bad.httpStatus, bad.message]).toEqual([400, 'Invalid timeRange parameter']);
    const foreign = await appErrorOf(
      getFormAnalytics({
        config: testConfig,
        user: { id: standard.id, plan: 'STANDARD' },
        formId: freeForm.id,
      }),
    );
    expect([foreign.httpStatus, foreign.message]).toEqual([404, 'Form not found']);
  });

  test(
    'every field read from the database equals the brute force, for each zone and range, old form or imported data',
    { timeout: 120_000 },
    async () => {
      const owner = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
      const user = { id: owner.id, plan: 'PRO' as const, quotaLimit: 100_000 };
      const now = new Date('2026-11-23T10:07:00.000Z');
      const agents = [
        [CHROME, 'Chrome'],
        [FIREFOX, 'Firefox'],
        ['curl/8.5.0', 'Unknown'],
      ] as const;
      const languages = [
        ['en-US', 'United States'],
        ['de-DE', 'Germany'],
        ['hi-IN', 'India'],
        ['', 'Unknown'],
      ] as const;
      // A form 400 days old (its DST months are known up front) and one created today whose
      // submissions were imported from before (those months cost a second read).
      const aged = await createForm({
        config: testConfig,
        userId: user.id,
        input: { name: 'Old', formType: 'survey' },
      });
      const fresh = await createForm({
        config: testConfig,
        userId: user.id,
        input: { name: 'New', formType: 'survey' },
      });
      const agedAt = new Date(now.getTime() - 400 * 86_400_000);
      // `createdAt` is immutable unless explicitly overwritten.
      await FormModel.updateOne(
        { _id: aged.id },
        { $set: { createdAt: agedAt } },
        { overwriteImmutable: true },
      );
      const raws: TRaw[] = [];
      let seed = 7;
      const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      for (let i = 0; i < 160; i++) {
        // Half in the last 40 days (series, windows), the rest over the year (peak hour across DST).
        const span = i % 2 === 0 ? 40 : 390;
        const at = now.getTime() - Math.floor(random() * span * 86_400_000);
        const [agent, browser] = agents[i % agents.length] ?? agents[0];
        const [language, country] = languages[i % languages.length] ?? languages[0];
        raws.push({ at, browser, country });
        for (const form of [aged, fresh]) {
          await submitForm({
            config: testConfig,
            user,
            input: { formId: form.id, data: {} },
            client: { userAgent: agent, acceptLanguage: language },
            now: new Date(at),
          });
        }
      }
      for (const [form, createdAt] of [
        [aged, agedAt],
        [fresh, null],
      ] as const) {
        const created = createdAt ?? (await FormModel.findById(form.id).lean())?.createdAt ?? now;
        for (const tz of ['UTC', 'America/New_York', 'Asia/Kolkata', 'Asia/Kathmandu']) {
          for (const timeRange of TIME_RANGES) {
            const actual = await getFormAnalytics({
              config: testConfig,
              user,
              formId: form.id,
              timeRange,
              tz,
              now,
            });
            const { series, ...expected } = bruteForce(raws, now.getTime(), created.getTime(), timeRange, tz);
            const { timeSeriesData, ...fields } = actual;

            expect({ form: form.name, tz, ...fields }).toEqual({
              form: form.name,
              tz,
              ...expected,
              plan: 'PRO',
            });
            expect(timeSeriesData.map(({ time, submissions }) => ({ time, submissions }))).toEqual(series);
          }
        }
      }
    },
  );
});
