import {
  FormModel,
  formRepository,
  formStatsRepository,
  nonZeroBuckets,
  SubmissionModel,
  type TFormStatsRecord,
} from '@formwell/db';
import fc from 'fast-check';
import { describe, expect, test, vi } from 'vitest';

import { appErrorOf } from '../../test/app-error-of.js';
import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { createForm } from '../forms/create-form.js';
import { setSubmissionStatus } from '../spam/set-submission-status.js';
import { deleteSubmission } from '../submissions/delete-submission.js';
import { submitForm } from '../submissions/submit-form.js';
import { createUser } from '../users/create-user.js';
import { rebuildAnalyticsCounters } from './rebuild-analytics-counters.js';

useTestDatabase('core_analytics_rebuild');

const AGENTS = [
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'curl/8.5.0',
];
const LANGUAGES = ['en-US', 'de-DE', 'hi-IN', 'fr', ''];
const DAY = 86_400_000;

async function setup() {
  const owner = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
  const user = { id: owner.id, plan: 'PRO' as const, quotaLimit: 1_000_000 };
  const form = await createForm({
    config: testConfig,
    userId: user.id,
    input: { name: 'R', formType: 'survey' },
  });
  const submit = async (at: Date, agent = 0, language = 0) => {
    const result = await submitForm({
      config: testConfig,
      user,
      input: { formId: form.id, data: {} },
      client: {
        userAgent: AGENTS[agent % AGENTS.length],
        acceptLanguage: LANGUAGES[language % LANGUAGES.length],
      },
      now: at,
    });

    return result.response.submissionId;
  };

  return { user, form, submit, ids: { userId: user.id, formId: form.id } };
}

/** The counters without the zero entries deletions leave behind (a rebuild writes none). */
function normalised(stats: TFormStatsRecord | null) {
  const positive = (map: Record<string, number>) =>
    Object.fromEntries(Object.entries(map).filter(([, n]) => n !== 0));

  return {
    total: stats?.total ?? 0,
    browsers: positive(stats?.browsers ?? {}),
    countries: positive(stats?.countries ?? {}),
    months: (stats?.months ?? [])
      .map((m) => ({
        month: m.month,
        quarters: nonZeroBuckets(m.days),
        quarterOfDay: positive(m.quarterOfDay),
      }))
      .filter((m) => Object.keys(m.quarters).length > 0),
  };
}

describe('rebuildAnalyticsCounters', () => {
  test(
    'the live counters equal a rebuild after random submits and deletes',
    { timeout: 120_000 },
    async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.array(
            fc.record({
              msAgo: fc.integer({ min: 0, max: 90 * DAY }),
              agent: fc.nat(),
              language: fc.nat(),
              deleteLater: fc.boolean(),
            }),
            { minLength: 1, maxLength: 25 },
          ),
          async (operations) => {
            const { submit, ids } = await setup();
            const now = Date.now();
            const doomed: string[] = [];
            for (const op of operations) {
              const id = await submit(new Date(now - op.msAgo), op.agent, op.language);
              if (op.deleteLater) {
                doomed.push(id);
              }
            }
            for (const submissionId of doomed) {
              await deleteSubmission({ ...ids, submissionId });
            }
            const live = normalised(await formStatsRepository.get(ids));
            const { rebuilt } = await rebuildAnalyticsCounters({ formId: ids.formId });
            const again = await rebuildAnalyticsCounters({ formId: ids.formId });

            const kept = operations.length - doomed.length;
            expect(rebuilt).toEqual([
              { formId: ids.formId, submissions: kept, submissionCount: kept, spamFolderCount: 0 },
            ]);
            expect(again).toEqual({ rebuilt });
            expect(normalised(await formStatsRepository.get(ids))).toEqual(live);
            expect(live.total).toBe(operations.length - doomed.length);
          },
        ),
        { numRuns: 8 },
      );
    },
  );

  test(
    'concurrent submits, alone and while a rebuild runs, are each counted once',
    { timeout: 120_000 },
    async () => {
      const { submit, ids } = await setup();
      const now = Date.now();
      await Promise.all(Array.from({ length: 30 }, (_, i) => submit(new Date(now - i * 3_600_000), i, i)));
      const live = normalised(await formStatsRepository.get(ids));
      await rebuildAnalyticsCounters({ formId: ids.formId });
      expect(normalised(await formStatsRepository.get(ids))).toEqual(live);

      // Traffic during the rebuild: the rebuild either includes a submission or leaves it to its
      // own counter update, never both, never neither.
      await Promise.all([
        ...Array.from({ length: 40 }, (_, i) => submit(new Date(now - i * 60_000), i, i + 1)),
        rebuildAnalyticsCounters({ formId: ids.formId }),
        rebuildAnalyticsCounters({ formId: ids.formId }),
      ]);
      const after = normalised(await formStatsRepository.get(ids));
      await rebuildAnalyticsCounters({ formId: ids.formId });

      expect(after.total).toBe(70);
      expect(normalised(await formStatsRepository.get(ids))).toEqual(after);
      expect((await formRepository.findById(ids))?.submissionCount).toBe(70);
    },
  );

  test('every form without --form; an unknown form is 404', async () => {
    const first = await setup();
    const second = await setup();
    await first.submit(new Date());
    const { rebuilt } = await rebuildAnalyticsCounters();

    expect(rebuilt).toEqual(
      expect.arrayContaining([
        { formId: first.ids.formId, submissions: 1, submissionCount: 1, spamFolderCount: 0 },
        { formId: second.ids.formId, submissions: 0, submissionCount: 0, spamFolderCount: 0 },
      ]),
    );
    expect(
      (await appErrorOf(rebuildAnalyticsCounters({ formId: '65a000000000000000000000' }))).httpStatus,
    ).toBe(404);
    expect((await appErrorOf(rebuildAnalyticsCounters({ formId: 'nope' }))).message).toBe('Form not found');
  });
  test("a form's own counts left off by a crash between a move and its count are recounted, each from its own submissions", async () => {
    const target = await setup();
    const other = await setup();
    for (let i = 0; i < 3; i++) {
      await target.submit(new Date());
    }
    const moved = await target.submit(new Date());
    await setSubmissionStatus({
      config: testConfig,
      user: target.user,
      formId: target.form.id,
      submissionId: moved,
      input: { status: 'spam' },
    });
    await other.submit(new Date());
    const counts = async (ids: { userId: string; formId: string }) => {
      const form = await formRepository.findById(ids);

      return [form?.submissionCount, form?.spamFolderCount];
    };
    expect(await counts(target.ids)).toEqual([3, 1]);
    // The move landed and its count did not (the crash), on both forms, in opposite directions.
    await FormModel.updateOne({ _id: target.form.id }, { $inc: { spamFolderCount: -1, submissionCount: 1 } });
    await FormModel.updateOne({ _id: other.form.id }, { $inc: { spamFolderCount: 2, submissionCount: -1 } });

    expect(await rebuildAnalyticsCounters({ formId: target.form.id })).toEqual({
      rebuilt: [{ formId: target.form.id, submissions: 3, submissionCount: 3, spamFolderCount: 1 }],
    });
    expect([await counts(target.ids), await counts(other.ids)]).toEqual([
      [3, 1],
      [0, 2],
    ]);
    const { rebuilt } = await rebuildAnalyticsCounters();
    expect(rebuilt).toEqual(
      expect.arrayContaining([
        { formId: target.form.id, submissions: 3, submissionCount: 3, spamFolderCount: 1 },
        { formId: other.form.id, submissions: 1, submissionCount: 1, spamFolderCount: 0 },
      ]),
    );
    expect(await counts(other.ids)).toEqual([1, 0]);
  });
  test("a submit and a deletion that leave the form's counts as they were, during the recount's scan, are not counted twice", async () => {
    const { submit, ids } = await setup();
    await submit(new Date());
    await submit(new Date());
    // The race made to happen: right before the recount's first count runs, a submission arrives
    // (counted at once), and right after that count saw it, it is deleted (uncounted). The form's
    // counts are then the ones the recount read first, though they moved twice meanwhile.
    const countDocuments = SubmissionModel.countDocuments.bind(SubmissionModel);
    let raced = false;
    const spy = vi.spyOn(SubmissionModel, 'countDocuments').mockImplementation(((
      filter: Parameters<typeof countDocuments>[0],
    ) => {
      if (raced) {
        return countDocuments(filter);
      }
      raced = true;

      return (async () => {
        const passing = await submit(new Date());
        const seen = await countDocuments(filter);
        await deleteSubmission({ ...ids, submissionId: passing });

        return seen;
      })();
    }) as unknown as typeof SubmissionModel.countDocuments);
    try {
      await rebuildAnalyticsCounters({ formId: ids.formId });
    } finally {
      spy.mockRestore();
    }

    expect(raced).toBe(true);
    expect((await formRepository.findById(ids))?.submissionCount).toBe(2);
  });
});
