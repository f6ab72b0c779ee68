import { createWebhookEndpoint, updateForm } from '@formwell/core';
import type { FastifyInstance } from 'fastify';
import { createGeneratorSync, type JsonSchema } from 'json-schema-faker';
import { describe, expect, test } from 'vitest';

import { createOwner, createTestForm } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';

/**
 * Every operation of the served OpenAPI document, called with inputs generated from its own schemas
 * (json-schema-faker, fixed seed, so each run sends the same requests). A client generated from the
 * document may send any of them, so none may be refused as invalid (400) or break the server (5xx),
 * and every status must be one the operation lists. Path ids are the caller's own form and webhook,
 * so the inputs reach the checks behind the id lookup; other ids are generated, and their 404 is
 * documented.
 */
const SAMPLES_PER_OPERATION = 25;
const SEED = 20_261_206;
const OPERATION_METHODS = new Set(['get', 'put', 'post', 'patch', 'delete']);

/**
 * Rules across two values, which JSON Schema cannot state on either (a date range, header names
 * unique whatever their case): such a 400 is accepted only when its text is in the operation's own
 * description, so the document still tells it.
 */
const CROSS_PARAMETER_RULES = ['startDate must not be after endDate', 'header names must be unique'];

/** The refusal's texts: its error and each issue's message. */
function refusalTexts(body: string): string[] {
  const parsed = JSON.parse(body) as { error?: string; issues?: { message?: string }[] };

  return [parsed.error ?? '', ...(parsed.issues ?? []).map((issue) => issue.message ?? '')];
}

type TGenerator = ReturnType<typeof createGeneratorSync>;

/**
 * json-schema-faker ignores `contentEncoding`/`contentSchema` (the cursor: base64url of a text with
 * its own pattern), so such a string is made here: the content from its schema, then encoded.
 */
function withEncodedContent(schema: JsonSchema, generator: TGenerator): JsonSchema {
  if (typeof schema !== 'object' || schema === null) {
    return schema;
  }
  if (schema.contentEncoding === 'base64url' && schema.contentSchema) {
    const content = String(generator.generate(schema.contentSchema as JsonSchema));

    return { const: Buffer.from(content, 'utf8').toString('base64url') };
  }
  if (!schema.properties) {
    return schema;
  }
  const properties = Object.fromEntries(
    Object.entries(schema.properties).map(([name, value]) => [name, withEncodedContent(value, generator)]),
  );

  return { ...schema, properties };
}

type TParameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema?: JsonSchema };
type TOperation = {
  parameters?: TParameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  servers?: { url: string }[];
};
type TDocument = { paths: Record<string, Record<string, TOperation>> };

// Generous limits: the test sends many requests per key, and the limits have their own tests.
const LIMITS = Object.fromEntries(
  [
    'FORMS_LIST',
    'GET_FORM',
    'SUBMISSIONS_LIST',
    'ANALYTICS',
    'USERS_JOINED',
    'SUBMIT',
    'WEBHOOKS_MANAGE',
    'PUBLIC_SUBMIT',
  ].map((name) => [`RATE_LIMIT_${name}`, '10000/60']),
);

async function servedDocument(app: FastifyInstance): Promise<TDocument> {
  const response = await app.inject({ method: 'GET', url: '/api/v1/openapi.json' });

  return response.json<TDocument>();
}

/** The document's operations, read once from a throwaway app (the test list must exist before tests run). */
async function listOperations(): Promise<{ method: string; path: string }[]> {
  const { app } = await buildTestApp();
  const document = await servedDocument(app);
  await app.close();

  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => OPERATION_METHODS.has(method))
      .map((method) => ({ method, path })),
  );
}

/** The operation's parameters of one kind as one object schema, so optional ones come and go. */
function parametersSchema(parameters: TParameter[], where: TParameter['in']): JsonSchema {
  const own = parameters.filter((parameter) => parameter.in === where);

  return {
    type: 'object',
    properties: Object.fromEntries(own.map(({ name, schema }) => [name, schema ?? { type: 'string' }])),
    required: own.filter(({ required }) => required).map(({ name }) => name),
    additionalProperties: false,
  };
}

function toQueryString(values: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(values)) {
    query.append(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  const text = query.toString();

  return text ? `?${text}` : '';
}

async function ownFixtures() {
  const owner = await createOwner({ plan: 'PRO' });
  const form = await createTestForm(owner.userId, { fields: [] });
  await updateForm({
    config: testCoreConfig,
    userId: owner.userId,
    formId: form.id,
    data: { publicSubmissions: { enabled: true } },
  });
  const webhook = await createWebhookEndpoint({
    config: testCoreConfig,
    userId: owner.userId,
    formId: form.id,
    url: 'https://hooks.example.com/fuzz',
  });

  return { key: owner.key, ids: { formId: form.id, webhookId: webhook.id } as Record<string, string> };
}

const operations = await listOperations();

describe('inputs valid by the OpenAPI document are never refused as invalid', () => {
  for (const { method, path } of operations) {
    test(`${method.toUpperCase()} ${path}`, async () => {
      const { app, logLines } = await buildTestApp(LIMITS);
      const operation = (await servedDocument(app)).paths[path]?.[method];
      if (!operation) {
        throw new Error(`${method} ${path} is no longer in the served document`);
      }
      const { key, ids } = await ownFixtures();
      const generator = createGeneratorSync({ seed: SEED, optionalsProbability: 0.7 });
      const parameters = operation.parameters ?? [];
      const jsonBody = operation.requestBody?.content['application/json']?.schema;
      const base = operation.servers ? '' : '/api/v1';
      const refusals: string[] = [];

      for (let sample = 0; sample < SAMPLES_PER_OPERATION; sample += 1) {
        const pathValues = generator.generate(parametersSchema(parameters, 'path')) as Record<
          string,
          unknown
        >;
        const url =
          base +
          path.replace(/\{(\w+)\}/g, (_, name: string) =>
            encodeURIComponent(ids[name] ?? String(pathValues[name])),
          ) +
          toQueryString(
            generator.generate(
              withEncodedContent(parametersSchema(parameters, 'query'), generator),
            ) as Record<string, unknown>,
          );
        const body =
          jsonBody === undefined ? undefined : (generator.generate(jsonBody) as Record<string, unknown>);
        if (body && 'formId' in body) {
          body.formId = ids.formId;
        }
        const response = await app.inject({
          method: method.toUpperCase() as 'GET',
          url,
          headers: {
            'x-api-key': key,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
        });
        const documented = Object.hasOwn(operation.responses, String(response.statusCode));
        const statedRule =
          response.statusCode === 400 &&
          refusalTexts(response.body).some(
            (text) => CROSS_PARAMETER_RULES.includes(text) && JSON.stringify(operation).includes(text),
          );
        if ((response.statusCode === 400 && !statedRule) || response.statusCode >= 500 || !documented) {
          // A 5xx body says nothing; the server's log says what broke.
          const logged =
            response.statusCode >= 500 ? logLines.filter((line) => line.includes('"err"')).slice(-1) : [];
          refusals.push(
            `${response.statusCode} for ${method.toUpperCase()} ${url} ${JSON.stringify(body) ?? ''}: ${response.body.slice(0, 300)} ${logged.join('').slice(0, 600)}`,
          );
        }
      }

      // As text, so a failure shows every refused request in full.
      expect(refusals.join('\n')).toBe('');
    });
  }
});
