import { BODY_LIMIT_BYTES } from '@formwell/core';
import { expect, test } from 'vitest';

import { apiV1Paths, buildServerOpenApiDocument } from '../../src/http/openapi-document.js';
import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { call } from '../api-v1/helpers/http.js';
import { buildTestApp } from '../helpers/build-test-app.js';

type TOperation = { responses?: Record<string, unknown> };

const document = buildServerOpenApiDocument({ publicUrl: 'http://localhost', version: 'test' });
const paths = apiV1Paths(document) as Record<string, Record<string, TOperation>>;
const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);
const BODY_REFUSALS = ['413', '415'];

/**
 * A body the server refuses before it reaches the operation (too large, of a type no parser
 * takes) gets its 413 or 415 on every method whose body the server reads, a DELETE's too (which
 * takes no input from it); a GET's body is never read. The document lists exactly those answers.
 * (The test app also checks every answer against the document after each test.)
 */
test('every operation lists the 413 and 415 it answers to a body too large or of a type no parser takes', async () => {
  const { app } = await buildTestApp();
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId);
  const answered: string[] = [];
  const listed: string[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!METHODS.has(method)) {
        continue;
      }
      // Every path id is the form's: the body is refused before any id is looked up.
      const url = `/api/v1${path.replace(/\{[^}]+\}/g, form.id)}`;
      const send = (contentType: string, payload: string) =>
        call(app, {
          method: method.toUpperCase(),
          url,
          key: owner.key,
          headers: { 'content-type': contentType },
          payload,
        });
      const statuses = [
        (await send('application/xml', '<hello/>')).statusCode,
        (await send('application/json', JSON.stringify({ padding: 'x'.repeat(BODY_LIMIT_BYTES) })))
          .statusCode,
      ].map(String);
      const operationName = `${method.toUpperCase()} ${path}`;
      answered.push(
        `${operationName}: ${BODY_REFUSALS.filter((status) => statuses.includes(status)).join(' ')}`,
      );
      const documented = Object.keys(operation.responses ?? {});
      listed.push(
        `${operationName}: ${BODY_REFUSALS.filter((status) => documented.includes(status)).join(' ')}`,
      );
    }
  }

  expect(answered).toContain('DELETE /forms/{formId}: 413 415');
  expect(answered).toContain('GET /forms/{formId}: ');
  expect(answered).toEqual(listed);
});
