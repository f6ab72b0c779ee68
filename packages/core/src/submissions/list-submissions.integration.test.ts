import { buffer } from 'node:stream/consumers';

import { formStatsRepository, nonZeroBuckets, submissionRepository } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { testConfig } from '../../test/test-config.js';
import { testEmail } from '../../test/test-emails.js';
import { appErrorOf } from '../../test/app-error-of.js';
import { useTestDatabase } from '../../test/use-test-database.js';
import { DEFAULT_PLAN_LIMITS } from '../config/plans.js';
import { createForm } from '../forms/create-form.js';
import { getForm } from '../forms/get-form.js';
import { createUser } from '../users/create-user.js';
import { deleteSubmission } from './delete-submission.js';
import { exportSubmissionsCsv, MAX_CSV_DATA_COLUMNS } from './export-submissions-csv.js';
import { getSubmission } from './get-submission.js';
import { listSubmissions } from './list-submissions.js';
import { purgeExpiredSubmissions } from './purge-expired-submissions.js';
import { submitForm } from './submit-form.js';

useTestDatabase('core_list_submissions');

async function setup(fields = true) {
  const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
  const form = await createForm({
    config: testConfig,
    userId: user.id,
    input: {
      name: 'Contact us!',
      formType: 'contact',
      fields: fields
        ? [
            { name: 'email', type: 'email', required: true },
            { name: 'message', type: 'textarea' },
          ]
        : [],
    },
  });
  const actor = { id: user.id, plan: 'PRO' as const, quotaLimit: 10_000 };

  return { user, form, actor };
}

describe('listing submissions', () => {
  test('equal timestamps and submits between pages: no repeats, no skips', async () => {
    const { user, form, actor } = await setup();
    const same = new Date('2026-11-20T10:00:00.000Z');
    const original: string[] = [];
    for (let i = 0; i < 12; i++) {
      original.push(
        (
          await submitForm({
            config: testConfig,
            user: actor,
            input: { formId: form.id, data: { email: `u${i}@x.io` } },
            now: same,
          })
        ).response.submissionId,
      );
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page = await listSubmissions({ userId: user.id, formId: form.id, limit: 5, cursor });
      seen.push(...page.submissions.map((s) => s.id));
      cursor = page.nextCursor;
      pages++;
      await submitForm({
        config: testConfig,
        user: actor,
        input: { formId: form.id, data: { email: `late${pages}@x.io` } },
        now: same,
      });
    } while (cursor !== null);

    expect(new Set(seen).size).toBe(seen.length);
    expect(original.every((id) => seen.includes(id))).toBe(true);
  });

  test('response shape and filters', async () => {
    const { user, form, actor } = await setup();
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { email: 'A@x.io' } },
      now: new Date('2026-11-01T10:00:00Z'),
    });
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { email: 'b@x.io' } },
      now: new Date('2026-11-10T10:00:00Z'),
    });
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { email: 'a@x.io' } },
      now: new Date('2026-11-20T10:00:00Z'),
    });
    const all = await listSubmissions({ userId: user.id, formId: form.id });

    expect(all.nextCursor).toBeNull();
    expect(all.submissions[0]?.spamScore).toBeLessThan(0.8);
    expect(all.submissions[0]).toEqual({
      id: all.submissions[0]?.id,
      formId: form.id,
      email: 'a@x.io',
      data: { email: 'a@x.io' },
      meta: { browser: 'Unknown', os: 'Unknown', device: 'Unknown', country: 'Unknown' },
      status: 'inbox',
      spamScore: all.submissions[0]?.spamScore,
      spamReasons: [],
      createdAt: '2026-11-20T10:00:00.000Z',
    });
    expect(
      (await listSubmissions({ userId: user.id, formId: form.id, email: 'A@X.IO' })).submissions,
    ).toHaveLength(2);
    expect(
      (
        await listSubmissions({
          userId: user.id,
          formId: form.id,
          startDate: '2026-11-10',
          endDate: '2026-11-10',
        })
      ).submissions.map((s) => s.email),
    ).toEqual(['b@x.io']);
    expect(
      (await appErrorOf(listSubmissions({ userId: user.id, formId: form.id, startDate: 'soon' }))).httpStatus,
    ).toBe(400);
  });

  test('foreign form 403, get and delete one', async () => {
    const { user, form, actor } = await setup();
    const other = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const { response } = await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { email: 'a@x.io' } },
    });

    expect((await appErrorOf(listSubmissions({ userId: other.id, formId: form.id }))).toBody()).toMatchObject(
      {
        message: 'Unauthorized',
        error: 'Form does not belong to this user',
      },
    );
    expect(
      (await getSubmission({ userId: user.id, formId: form.id, submissionId: response.submissionId })).email,
    ).toBe('a@x.io');
    await deleteSubmission({ userId: user.id, formId: form.id, submissionId: response.submissionId });
    expect(
      (
        await appErrorOf(
          getSubmission({ userId: user.id, formId: form.id, submissionId: response.submissionId }),
        )
      ).message,
    ).toBe('Submission not found');
    expect(
      (await getForm({ userId: user.id, formId: form.id, limits: DEFAULT_PLAN_LIMITS.PRO })).submissionCount,
    ).toBe(0);
  });
});

describe('retention', () => {
  test('submissions older than retentionDays are purged and the count follows', async () => {
    const user = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    const form = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'R', formType: 'custom', retentionDays: 30 },
    });
    const keep = await createForm({
      config: testConfig,
      userId: user.id,
      input: { name: 'K', formType: 'custom' },
    });
    const actor = { id: user.id, plan: 'PRO' as const, quotaLimit: 100 };
    const now = new Date('2026-11-21T00:00:00Z');
    for (const [id, daysAgo] of [
      [form.id, 40],
      [form.id, 31],
      [form.id, 29],
      [keep.id, 400],
    ] as const) {
      await submitForm({
        config: testConfig,
        user: actor,
        input: { formId: id, data: {} },
        now: new Date(now.getTime() - daysAgo * 86_400_000),
      });
    }

    const purged: { formId: string; deleted: number; retentionDays: number }[] = [];
    expect(
      await purgeExpiredSubmissions({ now, onPurged: (report) => purged.push(report) }),
    ).toBeGreaterThanOrEqual(2);
    // Each purged form is reported with its count (the worker logs these lines).
    expect(purged.filter((report) => report.formId === form.id)).toEqual([
      { userId: user.id, formId: form.id, retentionDays: 30, deleted: 2 },
    ]);
    expect(purged.some((report) => report.formId === keep.id)).toBe(false);
    expect((await listSubmissions({ userId: user.id, formId: form.id })).submissions).toHaveLength(1);
    expect(
      (await getForm({ userId: user.id, formId: form.id, limits: DEFAULT_PLAN_LIMITS.PRO })).submissionCount,
    ).toBe(1);
    expect((await listSubmissions({ userId: user.id, formId: keep.id })).submissions).toHaveLength(1);
    // The analytics counters lose the purged submissions too: only the one of 29 days ago is left.
    const stats = await formStatsRepository.get({ userId: user.id, formId: form.id });
    expect(stats?.total).toBe(1);
    expect(stats?.months.map((m) => [m.month, nonZeroBuckets(m.days)])).toEqual([
      ['2026-10', { '23T0000': 1 }],
    ]);
    expect(Object.values(stats?.browsers ?? {}).reduce((a, b) => a + b, 0)).toBe(1);
  });
});

describe('CSV export', () => {
  test('UTF-8 with BOM, declared columns, formulas neutralised', async () => {
    const { user, form, actor } = await setup();
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { email: 'a@x.io', message: '=HYPERLINK("http://evil")' } },
    });
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { email: 'b@x.io', message: 'Grüße, "quoted"\nline 2' } },
    });
    const csv = await exportSubmissionsCsv({ userId: user.id, formId: form.id, query: {} });
    const bytes = await buffer(csv.stream);
    const body = bytes.toString('utf8');

    expect(csv.filename).toBe('Contact-us-submissions.csv');
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = body.slice(1).split('\n');
    expect(lines[0]).toBe('"id","createdAt","email","message","other","browser","os","device","country"');
    expect(body).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(body).toContain('"Grüße, ""quoted""\nline 2"');
  });

  test('a form without fields gets a column per key seen', async () => {
    const { user, form, actor } = await setup(false);
    await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { a: 1 } } });
    await submitForm({ config: testConfig, user: actor, input: { formId: form.id, data: { b: '@x' } } });
    // Keys of a form without fields are the submitter's choice, and they become header cells.
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { '=HYPERLINK("x")': 'y' } },
    });
    const body = (
      await buffer((await exportSubmissionsCsv({ userId: user.id, formId: form.id, query: {} })).stream)
    ).toString('utf8');

    const header = body.slice(1).split('\n')[0] ?? '';
    expect(header.split(',').slice(0, 2)).toEqual(['"id"', '"createdAt"']);
    expect(header).toContain(`"'=HYPERLINK(""x"")"`);
    expect(header).not.toMatch(/(^|,)"?=/);
    expect(body).toContain("'@x");
    expect(
      (await submissionRepository.list({ userId: user.id, formId: form.id, limit: 10 })).items,
    ).toHaveLength(3);
  });

  test('every cell is quoted, and a formula after a separator is neutralised', async () => {
    const { user, form, actor } = await setup();
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: { email: 'a@x.io', message: 'hi;=1+1' } },
    });
    const body = (
      await buffer((await exportSubmissionsCsv({ userId: user.id, formId: form.id, query: {} })).stream)
    ).toString('utf8');
    const row = body.slice(1).split('\n')[1] ?? '';

    // A reader splitting on ";" sees `"hi` and `'=1+1"`: text, not a formula.
    expect(row).toContain(`,"a@x.io","hi;'=1+1","",`);
    expect(row.split(',').every((cell) => cell.startsWith('"') && cell.endsWith('"'))).toBe(true);
  });

  test(`at most ${MAX_CSV_DATA_COLUMNS} data columns; further keys go into "other" as JSON`, async () => {
    const { user, form, actor } = await setup(false);
    const keys = (from: number) =>
      Object.fromEntries(Array.from({ length: 60 }, (_, index) => [`k${from + index}`, from + index]));
    // Submitted oldest first; the export reads newest first, so k60..k119 are seen first.
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: keys(0) },
      now: new Date('2026-02-01T00:00:01Z'),
    });
    await submitForm({
      config: testConfig,
      user: actor,
      input: { formId: form.id, data: keys(60) },
      now: new Date('2026-02-01T00:00:02Z'),
    });
    const body = (
      await buffer((await exportSubmissionsCsv({ userId: user.id, formId: form.id, query: {} })).stream)
    ).toString('utf8');
    const [header = '', newest = '', oldest = ''] = body.slice(1).split('\n');
    const headerCells = header.split(',').map((cell) => cell.slice(1, -1));

    expect(headerCells).toHaveLength(2 + MAX_CSV_DATA_COLUMNS + 1 + 4);
    expect(headerCells.slice(2, 4)).toEqual(['k60', 'k61']);
    expect(headerCells.slice(-5)).toEqual(['other', 'browser', 'os', 'device', 'country']);
    // The newest row fits its 60 columns; of the oldest, k0..k39 have columns and k40..k59 do not.
    expect(newest).toContain(',"",');
    const overflow = Object.fromEntries(
      Array.from({ length: 20 }, (_, index) => [`k${40 + index}`, 40 + index]),
    );
    expect(oldest).toContain(`"${JSON.stringify(overflow).replaceAll('"', '""')}"`);
  });

  test('the query is strict: an unknown parameter is a 400 naming it, never passed on', async () => {
    const { user, form } = await setup();
    const other = await createUser({ config: testConfig, input: { email: testEmail(), plan: 'PRO' } });
    for (const extra of [{ userId: other.id }, { formId: form.id }, { limit: '5' }]) {
      const error = await appErrorOf(
        exportSubmissionsCsv({ userId: user.id, formId: form.id, query: extra }),
      );
      expect([error.httpStatus, error.toBody().code]).toEqual([400, 'BAD_REQUEST']);
      expect(JSON.stringify(error.toBody())).toContain(Object.keys(extra)[0]);
    }
    const ok = await exportSubmissionsCsv({
      userId: user.id,
      formId: form.id,
      query: { startDate: '2026-01-01', apiKey: 'mk_live_x' },
    });
    expect(ok.filename).toBe('Contact-us-submissions.csv');
    expect((await buffer(ok.stream)).toString('utf8')).toContain('"id","createdAt"');
  });
});
