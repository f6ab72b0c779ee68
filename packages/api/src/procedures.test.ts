import { expect, test } from 'vitest';

import { buildOpenApiDocument } from './openapi.js';
import { listProcedures, procedureMeta } from './procedures.js';

test('every procedure is listed by its dotted path, with its type and meta', () => {
  const procedures = listProcedures();
  const rest = procedures.flatMap(({ meta }) =>
    meta?.openapi ? [`${meta.openapi.method} ${meta.openapi.path}`] : [],
  );

  // trpc-to-openapi reads the router itself; its document must hold exactly what this list says.
  const documented = Object.entries(
    buildOpenApiDocument({ baseUrl: 'http://localhost/api/v1', version: '0.0.0-test' }).paths ?? {},
  ).flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`));
  expect(rest).toContain('POST /forms/submit');
  expect(rest.sort()).toEqual(documented.sort());
  expect(procedures.find(({ path }) => path === 'forms.submit')?.type).toBe('mutation');
  expect(procedures.find(({ path }) => path === 'auth.me')?.type).toBe('query');
});

test('the meta of one procedure is found by its path', () => {
  expect(procedureMeta('forms.submit')?.successStatus).toBe(201);
  expect(procedureMeta('forms.get')?.successStatus).toBeUndefined();
  expect(procedureMeta('no.such')).toBeUndefined();
});
