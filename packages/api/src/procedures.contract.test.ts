import { readFileSync } from 'node:fs';

import { getTRPCErrorShape, initTRPC, TRPCError } from '@trpc/server';
import * as openApi from 'trpc-to-openapi';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';

import {
  listProcedures,
  openApiProcedureRecord,
  procedureAt,
  procedureChain,
  procedureMetaOf,
  procedureType,
  routerConfig,
} from './procedures.js';
import { runProcedure } from './run-procedure.js';

/**
 * procedures.ts reads tRPC's internals (`_def`), and the REST host leans on trpc-to-openapi's
 * helpers. Both are pinned here: an upgrade fails the first test, and the others say what of
 * theirs is relied on. Re-check each against the new version, then move the pin.
 */
const PINNED = { '@trpc/server': '11.25.2', 'trpc-to-openapi': '3.3.0' };

function installedVersion(name: string): string {
  const file = new URL(`../node_modules/${name}/package.json`, import.meta.url);

  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

const t = initTRPC
  .meta<openApi.OpenApiMeta<{ label?: string }>>()
  .create({ isDev: false, errorFormatter: ({ shape }) => ({ ...shape, formatted: true }) });
const router = t.router({
  nested: t.router({
    double: t.procedure
      .meta({ label: 'double', openapi: { method: 'GET', path: '/double' } })
      .input(z.object({ n: z.string() }))
      .output(z.object({ n: z.number() }))
      .query(({ input }) => ({ n: Number(input.n) * 2, extra: true })),
  }),
  save: t.procedure.mutation(() => 'saved'),
});
const flat = procedureAt(router, 'nested.double');

function built<T>(value: T | null | undefined): T {
  if (value === null || value === undefined) {
    throw new Error('expected a value');
  }

  return value;
}

describe('the tRPC internals procedures.ts relies on', () => {
  test('the installed versions are the pinned ones', () => {
    expect({
      '@trpc/server': installedVersion('@trpc/server'),
      'trpc-to-openapi': installedVersion('trpc-to-openapi'),
    }).toEqual(PINNED);
  });

  test("a router's procedures are kept flat under their dotted paths, with their type and meta", () => {
    const procedure = built(flat);
    expect(procedureType(procedure)).toBe('query');
    expect(procedureMetaOf(procedure)).toMatchObject({ label: 'double' });
    const ours = listProcedures();
    expect(ours.find(({ path }) => path === 'forms.get')).toMatchObject({ type: 'query' });
    expect(ours.find(({ path }) => path === 'forms.submit')?.meta?.openapi?.path).toBe('/forms/submit');
  });

  test('the chain createResolver builds: middlewares in order, one output step, the parser kept', async () => {
    const chain = built(procedureChain(built(flat)));
    expect(chain.middlewares.filter((middleware) => middleware._type === 'output')).toHaveLength(1);
    expect(chain.output).toBeDefined();
    // Run through that chain, the output is parsed (the extra field dropped) as tRPC would.
    const data: unknown = await runProcedure(built(flat), {
      path: 'nested.double',
      ctx: {},
      getRawInput: () => Promise.resolve({ n: '21' }),
    });
    expect(data).toEqual(await router.createCaller({}).nested.double({ n: '21' }));
    expect(data).toEqual({ n: 42 });
  });

  test("the router's root config shapes errors with its formatter", () => {
    const shape: unknown = getTRPCErrorShape({
      config: routerConfig(router),
      error: new TRPCError({ code: 'NOT_FOUND', message: 'gone' }),
      type: 'query',
      path: 'nested.double',
      input: undefined,
      ctx: {},
    });
    expect(shape).toMatchObject({ message: 'gone', formatted: true });
  });

  test('trpc-to-openapi walks the record and offers the helpers the REST host uses', () => {
    const seen: string[] = [];
    openApi.forEachOpenApiProcedure(openApiProcedureRecord(router), ({ path, meta }) => {
      seen.push(`${path} ${meta.openapi.method} ${meta.openapi.path}`);
    });
    expect(seen).toEqual(['nested.double GET /double']);
    for (const helper of [
      'acceptsRequestBody',
      'getInputOutputParsers',
      'getPathRegExp',
      'instanceofZodTypeLikeVoid',
      'instanceofZodTypeObject',
      'instanceofZodTypeOptional',
      'normalizePath',
      'unwrapZodType',
      'generateOpenApiDocument',
    ] as const) {
      expect({ helper, type: typeof openApi[helper] }).toEqual({ helper, type: 'function' });
    }
    expect(
      openApi.getPathRegExp(openApi.normalizePath('/forms/{formId}')).exec('/forms/abc')?.groups,
    ).toEqual({
      formId: 'abc',
    });
  });
});
