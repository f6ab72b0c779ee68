import { appRouter, openApiProcedureRecord } from '@formwell/api';
import {
  acceptsRequestBody,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  instanceofZodTypeObject,
  unwrapZodType,
} from 'trpc-to-openapi';
import { describe, expect, test } from 'vitest';
import { z, type ZodObject, type ZodType } from 'zod/v4';

/** The JSON types a schema accepts as input (its own, or its union members'). */
function inputTypes(field: ZodType): string[] {
  const schema = z.toJSONSchema(field, { io: 'input', unrepresentable: 'any' }) as {
    type?: string | string[];
    anyOf?: { type?: string }[];
  };
  const own = schema.type === undefined ? [] : [schema.type].flat();

  return [...own, ...(schema.anyOf ?? []).flatMap(({ type }) => (type ? [type] : []))];
}

/**
 * The REST handler does not coerce (coercion would change the schemas the dashboard shares, and
 * JSON bodies with them): query and path values reach the procedure as the strings they are. So
 * each field a GET or DELETE procedure takes must accept a string (or an array of them).
 */
describe('fields of REST procedures without a body', () => {
  const fields: { route: string; key: string; field: ZodType }[] = [];
  forEachOpenApiProcedure(openApiProcedureRecord(appRouter), ({ procedure, meta: { openapi } }) => {
    if (acceptsRequestBody(openapi.method)) {
      return;
    }
    const schema = unwrapZodType(getInputOutputParsers(procedure).inputParser, true);
    if (instanceofZodTypeObject(schema)) {
      for (const [key, field] of Object.entries((schema as ZodObject).shape)) {
        fields.push({ route: `${openapi.method} ${openapi.path}`, key, field: field as ZodType });
      }
    }
  });

  test('the router has such fields to check', () => {
    expect(fields.length).toBeGreaterThan(10);
  });

  test.each(fields)('$route: $key accepts the string a query or path carries', ({ field }) => {
    const types = inputTypes(field);
    expect(types.includes('string') || types.includes('array')).toBe(true);
  });
});
