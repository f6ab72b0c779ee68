import { expect, test } from 'vitest';

import { listProcedures, procedureMeta } from './procedures.js';

test('every procedure is listed by its dotted path, with its type and meta', () => {
  const procedures = listProcedures();
  const rest = procedures.flatMap(({ meta }) =>
    meta?.openapi ? [`${meta.openapi.method} ${meta.openapi.path}`] : [],
  );

  expect(rest.sort()).toEqual(
    [
      'GET /status',
      'GET /forms/list',
      'POST /forms/submit',
      'GET /forms/{formId}',
      'GET /forms/{formId}/users-joined',
      'GET /forms/{formId}/analytics',
      'GET /forms/{formId}/submissions',
      'GET /forms/{formId}/webhooks',
      'POST /forms/{formId}/webhooks',
      'GET /forms/{formId}/webhooks/{webhookId}',
      'PATCH /forms/{formId}/webhooks/{webhookId}',
      'DELETE /forms/{formId}/webhooks/{webhookId}',
      'POST /forms/{formId}/webhooks/{webhookId}/rotate-secret',
      'GET /forms/{formId}/webhooks/{webhookId}/deliveries',
      'POST /forms/{formId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver',
      'POST /forms/{formId}/webhooks/{webhookId}/test',
    ].sort(),
  );
  expect(procedures.find(({ path }) => path === 'v1.submitForm')?.type).toBe('mutation');
  expect(procedures.find(({ path }) => path === 'auth.me')?.type).toBe('query');
});

test('the meta of one procedure is found by its path', () => {
  expect(procedureMeta('v1.submitForm')?.successStatus).toBe(201);
  expect(procedureMeta('v1.getForm')?.successStatus).toBeUndefined();
  expect(procedureMeta('no.such')).toBeUndefined();
});
