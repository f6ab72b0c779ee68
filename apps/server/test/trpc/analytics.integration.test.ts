import { setUserPlan } from '@formwell/core';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm, uniqueEmail } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { dashboardClient, rejection, signUpAndLogIn } from './dashboard-client.js';

describe('forms.analytics (dashboard session)', () => {
  test("the owner's form: the REST fields under the same plan gate; another user's form is NOT_FOUND", async () => {
    const { app } = await buildTestApp();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const { client } = dashboardClient(address);
    const { user } = await signUpAndLogIn(client, {
      email: uniqueEmail('dash'),
      password: 'correct horse battery',
      name: 'Dash',
    });
    const form = await createTestForm(user.id);
    const stranger = await createOwner({ plan: 'PRO' });
    const foreign = await createTestForm(stranger.userId);

    expect(await rejection(client.forms.analytics.query({ formId: form.id }))).toEqual({
      code: 'FORBIDDEN',
      message: 'Analytics are only available with the STANDARD or PRO plan',
    });
    await setUserPlan({ config: testCoreConfig, userId: user.id, plan: 'PRO' });
    const analytics = await client.forms.analytics.query({
      formId: form.id,
      timeRange: 'day',
      tz: 'Asia/Kolkata',
    });

    expect(analytics).toMatchObject({
      totalSubmissions: 0,
      timeRange: 'day',
      plan: 'PRO',
      weekOverWeekGrowth: 0,
      peakSubmissionHour: 0,
      browserStats: [],
      locationStats: [],
    });
    expect(analytics.timeSeriesData).toHaveLength(24);
    expect(await rejection(client.forms.analytics.query({ formId: foreign.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Form not found',
    });
    expect(await rejection(client.forms.analytics.query({ formId: form.id, timeRange: 'year' }))).toEqual({
      code: 'BAD_REQUEST',
      message: 'Invalid timeRange parameter',
    });
  });
});
