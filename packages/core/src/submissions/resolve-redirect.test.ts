import { describe, expect, test } from 'vitest';

import { isAbsoluteHttpUrl } from './is-absolute-http-url.js';
import { resolveRedirect } from './resolve-redirect.js';
import { resolveSubmissionFilter } from './resolve-submission-filter.js';
import { usageMonth } from './usage-month.js';

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
});

describe('usageMonth', () => {
  test('is the UTC calendar month', () => {
    expect(usageMonth(new Date('2026-11-30T23:59:59.999Z'))).toBe('2026-11');
    expect(usageMonth(new Date('2026-12-01T00:00:00.000Z'))).toBe('2026-12');
  });
});
