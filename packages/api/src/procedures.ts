import type { AnyProcedure, AnyTRPCMiddlewareFunction, AnyTRPCProcedure, AnyTRPCRouter } from '@trpc/server';
import type { getParseFn } from '@trpc/server/unstable-core-do-not-import';
import type { OpenApiProcedureRecord } from 'trpc-to-openapi';

import { appRouter } from './router.js';
import type { ApiMeta } from './trpc.js';

/*
 * The one module that reads tRPC's internals (`_def`): everything else lists procedures, reads
 * their meta and runs one through the functions here. procedures.contract.test.ts pins what is
 * read to the installed @trpc/server and trpc-to-openapi, so an upgrade that moves it fails there.
 */

export type TProcedureEntry = {
  /** The dotted path, as /trpc serves it (`forms.get`). */
  path: string;
  type: 'query' | 'mutation' | 'subscription';
  meta: ApiMeta | undefined;
};

/**
 * Every procedure of the one router with its meta. tRPC keeps them flat at runtime, keyed by the
 * dotted path, while the type of `_def.procedures` describes the nested record.
 */
export function listProcedures(): TProcedureEntry[] {
  return Object.entries(flatProcedures(appRouter)).map(([path, procedure]) => ({
    path,
    type: procedureType(procedure),
    meta: procedureMetaOf(procedure),
  }));
}

/** The meta of one procedure by its dotted path. */
export function procedureMeta(path: string): ApiMeta | undefined {
  return metaByPath().get(path);
}

/** The meta of a built procedure (the REST host has the procedure its path matched). */
export function procedureMetaOf(procedure: AnyTRPCProcedure): ApiMeta | undefined {
  return procedure._def.meta as ApiMeta | undefined;
}

export function procedureType(procedure: AnyTRPCProcedure): TProcedureEntry['type'] {
  return procedure._def.type;
}

/** A router's procedures as trpc-to-openapi's helpers walk them (forEachOpenApiProcedure). */
export function openApiProcedureRecord(router: AnyTRPCRouter): OpenApiProcedureRecord {
  return router._def.procedures as OpenApiProcedureRecord;
}

/** The router's root config, which tRPC's error shaping (getTRPCErrorShape) takes. */
export function routerConfig(router: AnyTRPCRouter): AnyTRPCRouter['_def']['_config'] {
  return router._def._config;
}

export type TProcedureChain = {
  type: TProcedureEntry['type'];
  meta: unknown;
  middlewares: readonly (AnyTRPCMiddlewareFunction & { _type?: string })[];
  /** The output parser, as `.output()` stored it. */
  output: Parameters<typeof getParseFn>[0] | undefined;
};

/**
 * The middleware chain tRPC's `createResolver` built for the procedure (its middlewares in order,
 * the resolver last), or null when the procedure has a caller override or the build lacks the
 * fields read here: then it must be called through tRPC itself.
 */
export function procedureChain(procedure: AnyTRPCProcedure): TProcedureChain | null {
  const def = procedure._def as AnyTRPCProcedure['_def'] & {
    middlewares?: TProcedureChain['middlewares'];
    output?: TProcedureChain['output'];
  };
  if (def.experimental_caller || !Array.isArray(def.middlewares)) {
    return null;
  }

  return { type: def.type, meta: def.meta, middlewares: def.middlewares, output: def.output };
}

/** One procedure of a router by its dotted path. */
export function procedureAt(router: AnyTRPCRouter, path: string): AnyTRPCProcedure | undefined {
  return flatProcedures(router)[path];
}

function flatProcedures(router: AnyTRPCRouter): Record<string, AnyProcedure> {
  // Typed as the nested record, kept flat at runtime.
  const procedures: unknown = router._def.procedures;

  return procedures as Record<string, AnyProcedure>;
}

let cachedMetaByPath: Map<string, ApiMeta | undefined> | undefined;

function metaByPath() {
  cachedMetaByPath ??= new Map(listProcedures().map(({ path, meta }) => [path, meta]));

  return cachedMetaByPath;
}
