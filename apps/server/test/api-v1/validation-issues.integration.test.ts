import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call, errorBody } from './helpers/http.js';

type TIssueBody = {
  error: string;
  message: string;
  code: string;
  issues?: { path: unknown[]; message: string }[];
};

/**
 * A parameter refused after the input schema passed (a time zone, a cursor, a date range) answers the
 * same validation body as a schema failure: an `issues` array naming the refused field with the text.
 */
test('400s raised past the schema carry issues naming the field, like schema failures do', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId, { fields: [] });
  const cases: [
    method: 'GET' | 'POST',
    url: string,
    payload: unknown,
    field: string,
    text: string,
    issueText?: string,
  ][] = [
    [
      'GET',
      `/api/v1/forms/${form.id}/analytics?timeRange=year`,
      undefined,
      'timeRange',
      'Invalid timeRange parameter',
      'Expected day, week or month',
    ],
    [
      'GET',
      `/api/v1/forms/${form.id}/analytics?tz=Mars/Olympus`,
      undefined,
      'tz',
      'Invalid tz parameter',
      'Expected an IANA time zone such as Europe/Paris',
    ],
    ['GET', `/api/v1/forms/${form.id}/submissions?cursor=nope`, undefined, 'cursor', 'Invalid cursor'],
    ['GET', '/api/v1/forms/list?cursor=nope', undefined, 'cursor', 'Invalid cursor'],
    [
      'GET',
      `/api/v1/forms/${form.id}/submissions?startDate=2026-02-30`,
      undefined,
      'startDate',
      'startDate must be an ISO 8601 date',
    ],
    [
      'GET',
      `/api/v1/forms/${form.id}/submissions/export.csv?endDate=yesterday`,
      undefined,
      'endDate',
      'endDate must be an ISO 8601 date',
    ],
    [
      'GET',
      `/api/v1/forms/${form.id}/submissions?startDate=2026-03-02&endDate=2026-03-01`,
      undefined,
      'startDate',
      'startDate must not be after endDate',
    ],
    [
      'POST',
      '/api/v1/forms/submit',
      { formId: form.id, data: {}, redirectUrl: '/relative' },
      'redirectUrl',
      'redirectUrl must be an absolute http(s) URL',
    ],
  ];
  for (const [method, url, payload, field, text, issueText = text] of cases) {
    const response = await call(app, { method, url, key: owner.key, ...(payload ? { payload } : {}) });
    expect(response.statusCode, url).toBe(400);
    expect(errorBody(response) as TIssueBody, url).toEqual({
      error: text,
      message: text,
      code: 'BAD_REQUEST',
      issues: [expect.objectContaining({ path: [field], message: issueText })],
    });
  }
});
