import { describe, expect, test } from 'vitest';

import { loadConfig } from './load-config.js';

describe('loadConfig', () => {
  test('defaults are the documented plan limits and rate limits', () => {
    const config = loadConfig({ env: {} });

    expect(config.plans.FREE).toMatchObject({ maxForms: 1, monthlySubmissions: 200, customRedirect: false });
    expect(config.plans.STANDARD).toMatchObject({ maxForms: 5, monthlySubmissions: 5000, analytics: 'base' });
    expect(config.plans.PRO).toMatchObject({
      maxForms: 10,
      monthlySubmissions: 10000,
      developerNotifications: true,
    });
    expect(config.rateLimits.formsList).toEqual({ limit: 100, windowSeconds: 60 });
    expect(config.rateLimits.analytics).toEqual({ limit: 30, windowSeconds: 60 });
    expect(config.rateLimits.usersJoined).toEqual({ limit: 300, windowSeconds: 60 });
    expect(config.rateLimits.submit).toEqual({ limit: 600, windowSeconds: 60 });
    expect(config.rateLimits.logIn).toEqual({ limit: 10, windowSeconds: 900 });
    expect(config.rateLimits.signUp).toEqual({ limit: 20, windowSeconds: 3600 });
    expect(config.rateLimits.invitationsPerInviter).toEqual({ limit: 50, windowSeconds: 3600 });
    expect(config.maxOwnedWorkspaces).toBe(10);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.trustedCountryHeader).toBeNull();
  });

  test('EMAIL_PLAN_GATES=off gives the confirmation and the notification to every plan; the default keeps the gates', () => {
    const gated = loadConfig({ env: {} });
    const lifted = loadConfig({ env: { EMAIL_PLAN_GATES: 'off' } });

    expect(gated.plans.FREE).toMatchObject({ emailSettings: false, developerNotifications: false });
    expect(gated.plans.STANDARD).toMatchObject({ emailSettings: true, developerNotifications: false });
    expect(lifted.plans.FREE).toMatchObject({
      emailSettings: true,
      developerNotifications: true,
      developerNotificationsPerHour: 100,
    });
    expect(lifted.plans.STANDARD.developerNotifications).toBe(true);
    expect(() => loadConfig({ env: { EMAIL_PLAN_GATES: 'maybe' } })).toThrow(/EMAIL_PLAN_GATES/);
  });

  test('the environment overrides limits, URL and the country header', () => {
    const config = loadConfig({
      env: {
        PLAN_FREE_MONTHLY_SUBMISSIONS: '10',
        PLAN_PRO_MAX_FORMS: '50',
        RATE_LIMIT_SUBMIT: '5/10',
        PORT: '4000',
        TRUSTED_COUNTRY_HEADER: 'CF-IPCountry',
      },
    });

    expect(config.plans.FREE.monthlySubmissions).toBe(10);
    expect(config.plans.PRO.maxForms).toBe(50);
    expect(config.rateLimits.submit).toEqual({ limit: 5, windowSeconds: 10 });
    expect(config.publicUrl).toBe('http://localhost:4000');
    expect(config.trustedCountryHeader).toBe('cf-ipcountry');
  });

  test('the dashboard log-in and sign-up limits are overridable like the others', () => {
    const config = loadConfig({ env: { RATE_LIMIT_LOGIN: '3/60', RATE_LIMIT_SIGNUP: '2/600' } });

    expect(config.rateLimits.logIn).toEqual({ limit: 3, windowSeconds: 60 });
    expect(config.rateLimits.signUp).toEqual({ limit: 2, windowSeconds: 600 });
    expect(() => loadConfig({ env: { RATE_LIMIT_LOGIN: 'ten' } })).toThrow('RATE_LIMIT_LOGIN');
  });

  test('a malformed override fails loudly', () => {
    expect(() => loadConfig({ env: { RATE_LIMIT_SUBMIT: 'lots' } })).toThrow('RATE_LIMIT_SUBMIT');
    expect(() => loadConfig({ env: { PLAN_FREE_MAX_FORMS: '-1' } })).toThrow();
  });
});
