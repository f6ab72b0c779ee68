import { describe, expect, test } from 'vitest';

import { AppError } from '../errors/app-error.js';
import { isAbsoluteHttpUrl } from './is-absolute-http-url.js';
import { resolveRedirect } from './resolve-redirect.js';
import { resolveSubmissionFilter } from './resolve-submission-filter.js';
import { usageMonth } from './usage-month.js';
import { ZSubmitFormInputSchema } from './z-submit-form-input.js';

/** What a throwing call throws, or undefined when it returns. */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }

  return undefined;
}

function badRequest(message: string) {
  return { httpStatus: 400, message };
}

describe('resolveRedirect', () => {
  const publicUrl = 'https://forms.example.com/';

  test('no redirect requested: the thank-you page', () => {
    expect(resolveRedirect({ redirectUrl: null, limits: { customRedirect: false }, publicUrl })).toEqual({
      url: 'https://forms.example.com/thank-you',
      allowed: true,
    });
  });

  test('FREE: replaced by the thank-you page with the reason', () => {
    expect(
      resolveRedirect({ redirectUrl: 'https://me.example/ok', limits: { customRedirect: false }, publicUrl }),
    ).toEqual({
      url: 'https://forms.example.com/thank-you',
      allowed: false,
      reason: 'Custom redirects require STANDARD or PRO plan',
    });
  });

  test('STANDARD and PRO: the requested URL', () => {
    expect(
      resolveRedirect({ redirectUrl: 'https://me.example/ok', limits: { customRedirect: true }, publicUrl }),
    ).toEqual({
      url: 'https://me.example/ok',
      allowed: true,
    });
  });

  test('absent and null mean no redirect; the empty string is no URL, so a 400 even on FREE', () => {
    expect(resolveRedirect({ redirectUrl: undefined, limits: { customRedirect: true }, publicUrl })).toEqual({
      url: 'https://forms.example.com/thank-you',
      allowed: true,
    });
    for (const customRedirect of [true, false]) {
      const error = thrown(() => resolveRedirect({ redirectUrl: '', limits: { customRedirect }, publicUrl }));

      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject(badRequest('redirectUrl must be an absolute http(s) URL'));
    }
  });

  test('the submit body refuses an empty or non-http(s) redirectUrl with the documented text', () => {
    const body = { formId: 'f1', data: {} };
    for (const redirectUrl of ['', ' ', '/thanks', 'javascript:alert(1)', 'ftp://a.example/x']) {
      const result = ZSubmitFormInputSchema.safeParse({ ...body, redirectUrl });

      expect([redirectUrl, result.success ? [] : result.error.issues.map((issue) => issue.message)]).toEqual([
        redirectUrl,
        ['redirectUrl must be an absolute http(s) URL'],
      ]);
    }
    for (const redirectUrl of [undefined, null, 'https://me.example/ok']) {
      expect(ZSubmitFormInputSchema.safeParse({ ...body, redirectUrl }).success).toBe(true);
    }
  });

  test('only absolute http(s) URLs are redirect targets', () => {
    expect(isAbsoluteHttpUrl('https://a.example/x?y=1')).toBe(true);
    expect(isAbsoluteHttpUrl('/relative')).toBe(false);
    expect(isAbsoluteHttpUrl('javascript:alert(1)')).toBe(false);
    expect(isAbsoluteHttpUrl('ftp://a.example')).toBe(false);
  });
});

describe('resolveSubmissionFilter', () => {
  test('date-only bounds are inclusive whole UTC days', () => {
    expect(
      resolveSubmissionFilter({ startDate: '2026-11-01', endDate: '2026-11-21', email: ' A@Example.com ' }),
    ).toEqual({
      from: new Date('2026-11-01T00:00:00.000Z'),
      until: new Date('2026-11-22T00:00:00.000Z'),
      email: 'a@example.com',
    });
  });

  test('timestamps are inclusive to the millisecond', () => {
    expect(resolveSubmissionFilter({ endDate: '2026-11-21T10:00:00.000Z' }).until).toEqual(
      new Date('2026-11-21T10:00:00.001Z'),
    );
  });

  test('bad dates and reversed ranges are 400s', () => {
    expect(() => resolveSubmissionFilter({ startDate: 'yesterday' })).toThrow(
      'startDate must be an ISO 8601 date',
    );
    expect(() => resolveSubmissionFilter({ startDate: '2026-11-22', endDate: '2026-11-21' })).toThrow();
  });

  test('impossible calendar dates are 400s with the same text as any bad date, not rolled over', () => {
    const cases = [
      ['startDate', '2026-02-30'],
      ['startDate', '2026-02-29'],
      ['startDate', '2026-04-31'],
      ['startDate', '2100-02-29'],
      ['startDate', '2026-02-30T10:00:00.000Z'],
      ['endDate', '2026-02-31'],
      ['endDate', '2026-06-31T23:59:59Z'],
      ['startDate', '2026-00-10'],
      ['startDate', '2026-13-01'],
      ['startDate', '2026-01-00'],
      ['startDate', '2026-01-011'],
      ['startDate', 'bad'],
    ] as const;
    for (const [name, value] of cases) {
      const error = thrown(() => resolveSubmissionFilter({ [name]: value }));

      expect([value, error instanceof AppError]).toEqual([value, true]);
      expect(error).toMatchObject(badRequest(`${name} must be an ISO 8601 date`));
    }
  });

  test('real leap days and month ends are accepted', () => {
    expect(resolveSubmissionFilter({ startDate: '2000-02-29' }).from).toEqual(
      new Date('2000-02-29T00:00:00.000Z'),
    );
    expect(resolveSubmissionFilter({ startDate: '2024-02-29', endDate: '2024-04-30' })).toEqual({
      from: new Date('2024-02-29T00:00:00.000Z'),
      until: new Date('2024-05-01T00:00:00.000Z'),
    });
    expect(resolveSubmissionFilter({ startDate: '2024-12-31T23:59:59.999Z' }).from).toEqual(
      new Date('2024-12-31T23:59:59.999Z'),
    );
  });
});

describe('usageMonth', () => {
  test('is the UTC calendar month', () => {
    expect(usageMonth(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(usageMonth(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
  });
});
