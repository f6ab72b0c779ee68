import { openApiProcedureRecord, procedureType, routerConfig, runProcedure } from '@formwell/api';
import { getTRPCErrorShape, TRPCError, type AnyTRPCProcedure, type AnyTRPCRouter } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestAsyncHookHandler,
  RouteHandlerMethod,
} from 'fastify';
import {
  acceptsRequestBody,
  forEachOpenApiProcedure,
  getInputOutputParsers,
  getPathRegExp,
  instanceofZodTypeLikeVoid,
  instanceofZodTypeObject,
  instanceofZodTypeOptional,
  normalizePath,
  unwrapZodType,
  type OpenApiMethod,
  type OpenApiProcedure,
} from 'trpc-to-openapi';
import { ZodArray, type ZodObject, type ZodOptional, type ZodType } from 'zod/v4';

import { groupBySegments, segmentCount } from './documented-path.js';
import { pathInScope } from './path-in-scope.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is served by createRestProcedureRoute: its methods and its metrics label come from
     * the OpenAPI document, not from its own pattern (a catch-all).
     */
    restProcedure?: boolean;
  }
}

/** The HTTP methods a procedure's `meta.openapi` may name (what trpc-to-openapi's own route takes). */
export const REST_PROCEDURE_METHODS = ['GET', 'POST', 'PATCH', 'PUT', 'DELETE'] as const;

export type RestProcedureRouteOptions<TContext> = {
  /** The scope the route is served in: its requests get a slot for what the hook found. */
  app: FastifyInstance;
  router: AnyTRPCRouter;
  /** The scope's prefix (`/api/v1`), taken off the request path before it is matched. */
  prefix: string;
  createContext: (opts: { req: FastifyRequest; res: FastifyReply }) => TContext | Promise<TContext>;
  /** The status of a successful call (201 on submit); absent: 200. */
  successStatus: (procedurePath: string) => number | undefined;
  onError?: (opts: { error: TRPCError; path: string | undefined }) => void;
  /**
   * Runs for a matched procedure before the request body is read (the key's admission and rate
   * limit), with the context the procedure then gets, so its headers are on every answer.
   */
  beforeBody?: (opts: {
    procedure: AnyTRPCProcedure;
    ctx: TContext;
    pathInput: Record<string, string | undefined>;
  }) => Promise<void>;
};

/** The catch-all route's two parts: the hook before the body, and the handler. */
export type TRestProcedureRoute = { onRequest: onRequestAsyncHookHandler; handler: RouteHandlerMethod };

type TRestProcedure = {
  pattern: RegExp;
  path: string;
  procedure: OpenApiProcedure;
  /** Read from the input schema on first use. */
  input?: { isVoid: boolean; arrayKeys: string[] };
  /** The status of a success, asked once per procedure (it depends on the router's meta only). */
  status?: number;
};

/**
 * The handler of /api/v1's catch-all route: the request path is matched against the router's
 * `meta.openapi` paths, the procedure's own middleware chain is run (see runProcedure) with
 * the transport's context, and the answer is the procedure's JSON (or its error, as trpc-to-openapi
 * shapes it). It replaces trpc-to-openapi's Fastify adapter, which does the same matching and
 * input assembly (and coerces input, which this handler does not: see inputShape), but per request
 * also dresses Fastify's objects up as Node's, builds a whole Fetch `Request` (with an AbortSignal
 * and close listeners) only to hand its signal to nothing, re-walks the input schema to coerce it,
 * and builds a new proxy caller: on a request that
 * touches no database that was most of its cost. trpc-to-openapi still writes the OpenAPI document.
 * The body is Fastify's, already parsed (and depth-checked) by the scope's JSON parser.
 */
export function createRestProcedureRoute<TContext>({
  app,
  router,
  prefix,
  createContext,
  successStatus,
  onError,
  beforeBody,
}: RestProcedureRouteOptions<TContext>): TRestProcedureRoute {
  const byMethod = indexProcedures(router);
  // What the hook found, for the handler: the match once, and the one context of the request. A
  // request property declared up front (Fastify then sets it in every request's constructor, so
  // requests keep one shape) rather than a WeakMap, whose entries the garbage collector has to
  // trace as ephemerons on every request.
  app.decorateRequest(FOUND, null);
  const found = (request: FastifyRequest) =>
    (request as unknown as Record<typeof FOUND, TFound<TContext> | null>)[FOUND];
  const keep = (request: FastifyRequest, value: TFound<TContext>) => {
    (request as unknown as Record<typeof FOUND, TFound<TContext> | null>)[FOUND] = value;
  };
  // The spelling the scope's 405 hook matches too (dot segments resolved, encoding kept).
  // A HEAD is answered as its GET (Fastify drops the body).
  const methodOf = (request: FastifyRequest) =>
    (request.method === 'HEAD' ? 'GET' : request.method) as OpenApiMethod;
  const matchOf = (request: FastifyRequest) =>
    findProcedure(byMethod.get(methodOf(request)), pathInScope(request.url, prefix));

  async function onRequest(request: FastifyRequest, reply: FastifyReply) {
    const match = matchOf(request);
    if (!match || !beforeBody) {
      keep(request, { match, ctx: undefined });

      return;
    }
    const ctx = await createContext({ req: request, res: reply });
    keep(request, { match, ctx });
    await beforeBody({
      procedure: match.entry.procedure as unknown as AnyTRPCProcedure,
      ctx,
      pathInput: match.pathInput,
    });
  }

  async function handler(request: FastifyRequest, reply: FastifyReply) {
    const takesBody = acceptsRequestBody(methodOf(request));
    const early = found(request);
    const match = early ? early.match : matchOf(request);
    let input: unknown;
    let ctx: TContext | undefined = early?.ctx;
    try {
      if (!match) {
        throw new TRPCError({ message: 'Not found', code: 'NOT_FOUND' });
      }
      const { entry, pathInput } = match;
      const contentType = request.headers['content-type'];
      // A POST that sends nothing (an action such as a test delivery, called with `curl -X POST`)
      // has no type to check: its input is the path's alone, and the procedure's schema decides.
      if (
        takesBody &&
        // Media types are case-insensitive (`APPLICATION/JSON` is JSON).
        !contentType?.toLowerCase().startsWith('application/json') &&
        !(contentType === undefined && hasNoBody(request))
      ) {
        throw new TRPCError({
          code: 'UNSUPPORTED_MEDIA_TYPE',
          // The texts are trpc-to-openapi's (its unclosed quote included): clients may match them.
          message: contentType ? `Unsupported content-type "${contentType}` : 'Missing content-type header',
        });
      }
      const shape = inputShape(entry);
      if (!shape.isVoid) {
        const fields = takesBody
          ? (request.body as Record<string, unknown> | undefined)
          : queryFields(request.query as Record<string, string | string[] | undefined>, shape.arrayKeys);
        input = { ...fields, ...pathInput };
      }
      ctx ??= await createContext({ req: request, res: reply });
      const data: unknown = await runProcedure(entry.procedure as unknown as AnyTRPCProcedure, {
        path: entry.path,
        ctx,
        getRawInput: () => Promise.resolve(input),
      });

      return await reply
        .code((entry.status ??= successStatus(entry.path) ?? 200))
        .header('content-type', 'application/json')
        .send(JSON.stringify(data));
    } catch (cause) {
      const error = asTRPCError(cause);
      onError?.({ error, path: match?.entry.path });
      const shape = getTRPCErrorShape({
        config: routerConfig(router),
        error,
        type: match ? procedureType(match.entry.procedure as unknown as AnyTRPCProcedure) : 'unknown',
        path: match?.entry.path,
        input,
        ctx,
      }) as { message?: string } & Record<string, unknown>;
      const isInputValidationError =
        error.code === 'BAD_REQUEST' && error.cause instanceof Error && error.cause.name === 'ZodError';

      // trpc-to-openapi's error body; the scope's onSend hook rebuilds it into the one error body.
      return await reply
        .code(getHTTPStatusCodeFromError(error))
        .header('content-type', 'application/json')
        .send(
          JSON.stringify({
            ...shape,
            message: isInputValidationError ? 'Input validation failed' : (shape.message ?? error.message),
            code: error.code,
            // A schema failure's zod issues, else those core gave a parameter it refused (in the shape).
            issues: isInputValidationError ? (error.cause as { issues?: unknown }).issues : shape.issues,
          }),
        );
    }
  }

  return { onRequest, handler };
}

type TMatch = NonNullable<ReturnType<typeof findProcedure>>;

/** The request property holding what the route's hook found (see createRestProcedureRoute). */
const FOUND = Symbol('restProcedureFound');
type TFound<TContext> = { match: TMatch | undefined; ctx: TContext | undefined };

/**
 * Method → the procedures served with it by the segment count of their path, in the router's order
 * (the first matching path wins; a path matches only paths of its own segment count).
 */
function indexProcedures(router: AnyTRPCRouter): Map<string, Map<number, TRestProcedure[]>> {
  const byMethod = new Map<string, (TRestProcedure & { template: string })[]>();
  forEachOpenApiProcedure(openApiProcedureRecord(router), ({ path, procedure, meta: { openapi } }) => {
    if (procedureType(procedure as unknown as AnyTRPCProcedure) === 'subscription') {
      return;
    }
    const template = normalizePath(openapi.path);
    const list = byMethod.get(openapi.method) ?? [];
    list.push({ pattern: getPathRegExp(template), path, procedure, template });
    byMethod.set(openapi.method, list);
  });

  return new Map(
    [...byMethod].map(([method, list]) => [method, groupBySegments(list, (entry) => entry.template)]),
  );
}

function findProcedure(entries: Map<number, TRestProcedure[]> | undefined, path: string) {
  for (const entry of entries?.get(segmentCount(path)) ?? []) {
    const found = entry.pattern.exec(path);
    if (found) {
      return { entry, pathInput: { ...found.groups } };
    }
  }

  return undefined;
}

/**
 * Whether the procedure takes input, and which of its query fields are arrays.
 *
 * No zod coercion, unlike trpc-to-openapi's adapter: it switches coercion on in the schema objects
 * themselves, which the dashboard's procedures share, and for JSON bodies too, so `"false"` became
 * `true` in a PATCH and then in the dashboard. Query and path values are strings, and every field a
 * GET or DELETE takes is declared as a string (limits read their digits themselves), which a test
 * holds (rest-query-fields.test.ts).
 */
function inputShape(entry: TRestProcedure): NonNullable<TRestProcedure['input']> {
  if (entry.input) {
    return entry.input;
  }
  const schema = unwrapZodType(getInputOutputParsers(entry.procedure).inputParser, true);
  const arrayKeys: string[] = [];
  if (instanceofZodTypeObject(schema)) {
    for (const [key, field] of Object.entries((schema as ZodObject).shape)) {
      const inner: unknown = instanceofZodTypeOptional(field as ZodType)
        ? (field as ZodOptional).unwrap()
        : field;
      if (inner instanceof ZodArray) {
        arrayKeys.push(key);
      }
    }
  }
  entry.input = { isVoid: instanceofZodTypeLikeVoid(schema), arrayKeys };

  return entry.input;
}

/** A repeated query key is an array; a single value is itself, or a one-item array where the schema wants one. */
function queryFields(query: Record<string, string | string[] | undefined>, arrayKeys: string[]) {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value) {
      fields[key] = Array.isArray(value) && value.length === 1 ? value[0] : value;
    }
  }
  for (const key of arrayKeys) {
    if (fields[key] !== undefined && !Array.isArray(fields[key])) {
      fields[key] = [fields[key]];
    }
  }

  return fields;
}

function asTRPCError(cause: unknown): TRPCError {
  if (cause instanceof TRPCError) {
    return cause;
  }
  // As trpc-to-openapi: whatever else was thrown is an internal error whose text is not shown.
  const error = new TRPCError({
    message: 'Internal server error',
    code: 'INTERNAL_SERVER_ERROR',
    cause: cause instanceof Error ? cause : undefined,
  });
  if (cause instanceof Error && cause.stack) {
    error.stack = cause.stack;
  }

  return error;
}

/** A request that announces no body: no `Transfer-Encoding`, and no or a zero `Content-Length`. */
function hasNoBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];

  return request.headers['transfer-encoding'] === undefined && (length === undefined || length === '0');
}
