import type { TFormRecord } from '@formwell/db';
import { describe, expect, test } from 'vitest';

import { DEFAULT_PLAN_LIMITS } from '../config/plans.js';
import { toFormDetail } from './form-detail.js';
import { toFormView } from './form-view.js';
import { ZFormFieldsSchema } from './z-form-field.js';

const PRO = DEFAULT_PLAN_LIMITS.PRO;

const record: TFormRecord = {
  id: '6740a1b2c3d4e5f6a7b8c9d0',
  userId: '6740a1b2c3d4e5f6a7b8c9d1',
  name: 'Waitlist',
  description: 'Join',
  formType: 'analytics_opt_in',
  fields: [{ id: 'email', name: 'email', label: 'Email', type: 'email', required: true }],
  settings: { usersJoined: null },
  emailSettings: {
    enabled: true,
    developerNotificationsEnabled: false,
    confirmUnverified: false,
    notificationTemplate: null,
    confirmationTemplate: null,
    developerEmail: 'dev@example.com',
    subject: null,
    replyTo: null,
  },
  uniqueEmail: true,
  publicSubmissions: {
    enabled: true,
    allowedOrigins: ['https://example.com'],
    captcha: { provider: 'turnstile', secret: 'captcha-secret-never-shown' },
  },
  retentionDays: null,
  spamThreshold: null,
  submissionCount: 7,
  caughtSpamCount: 0,
  spamFolderCount: 0,
  webhookCount: 0,
  createdAt: new Date('2026-11-01T00:00:00.000Z'),
  updatedAt: new Date('2026-11-02T00:00:00.000Z'),
};

describe('toFormView', () => {
  test('matches the interface Form object', () => {
    expect(toFormView(record, PRO)).toEqual({
      id: record.id,
      name: 'Waitlist',
      title: 'Waitlist',
      description: 'Join',
      formType: 'analytics_opt_in',
      formTypeDisplay: 'Analytics Opt-In',
      createdAt: '2026-11-01T00:00:00.000Z',
      updatedAt: '2026-11-02T00:00:00.000Z',
      submissionCount: 7,
      fields: record.fields,
      emailSettings: { enabled: true, developerNotificationsEnabled: false },
      usersJoinedSettings: null,
      formTypeSpecific: { cookieConsent: true, dataPrivacy: true },
    });
  });

  test('emailSettings is what acts under the plan; the detail keeps the stored choice', () => {
    const both = {
      ...record,
      emailSettings: { ...record.emailSettings, enabled: true, developerNotificationsEnabled: true },
    };
    expect(toFormView(both, PRO).emailSettings).toEqual({
      enabled: true,
      developerNotificationsEnabled: true,
    });
    expect(toFormView(both, DEFAULT_PLAN_LIMITS.STANDARD).emailSettings).toEqual({
      enabled: true,
      developerNotificationsEnabled: false,
    });
    const free = toFormDetail(both, DEFAULT_PLAN_LIMITS.FREE);
    expect(free.emailSettings).toEqual({ enabled: false, developerNotificationsEnabled: false });
    expect(free.emailSettingsFull).toMatchObject({ enabled: true, developerNotificationsEnabled: true });
  });

  test('usersJoinedSettings carries the count only when enabled', () => {
    expect(
      toFormView({ ...record, settings: { usersJoined: { enabled: true } } }, PRO).usersJoinedSettings,
    ).toEqual({
      enabled: true,
      count: 7,
    });
    expect(
      toFormView({ ...record, settings: { usersJoined: { enabled: false } } }, PRO).usersJoinedSettings,
    ).toBeNull();
  });
});

describe('ZFormFieldsSchema', () => {
  test('fills id and label from name and product defaults', () => {
    expect(ZFormFieldsSchema.parse([{ name: 'p', type: 'product' }])).toEqual([
      {
        id: 'p',
        name: 'p',
        label: 'p',
        type: 'product',
        required: false,
        products: [],
        displayMode: 'grid',
        productIds: [],
      },
    ]);
  });

  test('select and radio need options; names are unique and safe', () => {
    expect(ZFormFieldsSchema.safeParse([{ name: 's', type: 'select' }]).success).toBe(false);
    expect(
      ZFormFieldsSchema.safeParse([
        { name: 'a', type: 'text' },
        { name: 'a', type: 'text' },
      ]).success,
    ).toBe(false);
    expect(ZFormFieldsSchema.safeParse([{ name: '$where', type: 'text' }]).success).toBe(false);
    expect(ZFormFieldsSchema.safeParse([{ name: 'a.b', type: 'text' }]).success).toBe(false);
    expect(ZFormFieldsSchema.safeParse([{ name: 'x', type: 'color' }]).success).toBe(false);
  });
});

describe('toFormDetail', () => {
  test('shows the public endpoint settings with the CAPTCHA provider and never its secret', () => {
    const detail = toFormDetail(record, PRO);

    expect(detail.publicSubmissions).toEqual({
      enabled: true,
      allowedOrigins: ['https://example.com'],
      captcha: { provider: 'turnstile' },
    });
    expect(JSON.stringify(detail)).not.toContain('captcha-secret-never-shown');
    expect(JSON.stringify(toFormView(record, PRO))).not.toContain('captcha-secret-never-shown');
  });
});
