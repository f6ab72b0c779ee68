import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { MAX_JSON_DEPTH } from '../../src/http/json-depth.js';
import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';

const TOO_DEEP = {
  error: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
  message: `JSON nested deeper than ${MAX_JSON_DEPTH} levels`,
  code: 'BAD_REQUEST',
};

/** A value `levels` containers deep (arrays or objects) around a string. */
function nested(kind: 'array' | 'object', levels: number): string {
  return kind === 'array'
    ? `${'['.repeat(levels)}"x"${']'.repeat(levels)}`
    : `${'{"k":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
}

type JsonPath = {
  name: string;
  url: string;
  /** The body with `value` placed `valueDepth` containers down. */
  body: (value: string) => string;
  valueDepth: number;
  headers?: Record<string, string>;
};

/** A body nested exactly `depth` levels in all (its own object counts as one). */
function bodyOfDepth(path: JsonPath, kind: 'array' | 'object', depth: number): string {
  return path.body(nested(kind, depth - path.valueDepth));
}

async function jsonPaths(): Promise<JsonPath[]> {
  const owner = await createOwner();
  const form = await createTestForm(owner.userId, { fields: [] });

  return [
    {
      name: 'POST /api/v1/forms/submit',
      url: '/api/v1/forms/submit',
      headers: { 'x-api-key': owner.key },
      body: (value) => `{"formId":"${form.id}","data":{"a":${value}}}`,
      valueDepth: 2,
    },
    {
      name: 'POST /trpc/auth.logIn',
      url: '/trpc/auth.logIn',
      body: (value) => `{"email":${value},"password":"x"}`,
      valueDepth: 1,
    },
    {
      name: 'POST /trpc batch',
      url: '/trpc/auth.signUp,auth.signUp?batch=1',
      body: (value) => `{"0":{"email":"not an email","password":"x"},"1":{"email":${value},"password":"x"}}`,
      valueDepth: 2,
    },
  ];
}

function post(app: FastifyInstance, path: JsonPath, body: string) {
  return app.inject({
    method: 'POST',
    url: path.url,
    headers: { 'content-type': 'application/json', ...path.headers },
    payload: body,
  });
}

describe('JSON nested deeper than 32 levels is refused at parse time on every JSON path', () => {
  test('5,000 levels of arrays or objects: 400 with the error body, never a 5xx', async () => {
    const { app, logLines } = await buildTestApp();
    for (const path of await jsonPaths()) {
      for (const kind of ['array', 'object'] as const) {
        const response = await post(app, path, bodyOfDepth(path, kind, 5000));

        expect([path.name, kind, response.statusCode, response.json()]).toEqual([
          path.name,
          kind,
          400,
          TOO_DEEP,
        ]);
      }
    }
    expect(logLines.join('\n')).not.toContain('Maximum call stack');
  });

  test('exactly 32 levels pass the parser (the procedure answers); 33 do not', async () => {
    const { app } = await buildTestApp();
    for (const path of await jsonPaths()) {
      for (const kind of ['array', 'object'] as const) {
        const at = await post(app, path, bodyOfDepth(path, kind, MAX_JSON_DEPTH));
        const over = await post(app, path, bodyOfDepth(path, kind, MAX_JSON_DEPTH + 1));

        // At the limit the procedures themselves answer: their own validation 400, not the parser's.
        expect([path.name, kind, at.statusCode]).toEqual([path.name, kind, 400]);
        expect(at.body).not.toContain(TOO_DEEP.message);
        expect([path.name, kind, over.statusCode, over.json()]).toEqual([path.name, kind, 400, TOO_DEEP]);
      }
    }
  });
});
