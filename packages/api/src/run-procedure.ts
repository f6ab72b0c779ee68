import {
  getTRPCErrorFromUnknown,
  TRPCError,
  type AnyTRPCMiddlewareFunction,
  type AnyTRPCProcedure,
} from '@trpc/server';
import { getParseFn } from '@trpc/server/unstable-core-do-not-import';

import { procedureChain, procedureMetaOf, procedureType, type TProcedureChain } from './procedures.js';

/** What one REST call hands the procedure: tRPC's own call options, minus the batch fields. */
export type TProcedureCall<TContext> = {
  ctx: TContext;
  path: string;
  getRawInput: () => Promise<unknown>;
};

type TChainState = { ctx: unknown; input: unknown; getRawInput: () => Promise<unknown> };
type TNextOptions = { ctx?: Record<string, unknown>; input?: unknown; getRawInput?: () => Promise<unknown> };
type TChainResult = { ok: true; data: unknown } | { ok: false; error: TRPCError };
type TChainDef = Pick<TProcedureChain, 'type' | 'meta' | 'middlewares'>;
type TMiddleware = (opts: Record<string, unknown>) => Promise<TChainResult>;

/**
 * Calls one procedure as tRPC's own procedure caller does (each middleware gets the options, its
 * `next` passes a merged context, a replaced input or a replaced raw-input getter on, the last one
 * is the resolver, a throw anywhere becomes the failed result of that step), with one difference:
 * the options objects are plain literals. tRPC's published build spreads them with a generic helper
 * (`_objectSpread2`, one `Object.defineProperty` per key) twice per middleware, which was about a
 * tenth of the CPU of a request that touches no database. The middlewares, their order, the input
 * and output validation and the resolver are the router's own, read from the built procedure.
 * A procedure with a caller override, or a build without the fields read here, goes through tRPC.
 * It serves the REST face only, whose answers are checked with `meta.restOutput` where one is set.
 */
export function runProcedure<TContext>(procedure: AnyTRPCProcedure, call: TProcedureCall<TContext>) {
  const def = chainOf(procedure);
  if (!def) {
    return procedure({ ...call, type: procedureType(procedure), signal: undefined, batchIndex: 0 });
  }

  // A middleware that does not return its `next()` leaves the call without a result (tRPC's text).
  return runChain(def, call.path, { ctx: call.ctx, input: undefined, getRawInput: call.getRawInput }, 0).then(
    (result: TChainResult | undefined) => {
      if (!result) {
        throw new TRPCError({
          code: 'INTERNAL_SERVER_ERROR',
          message: 'No result from middlewares - did you forget to `return next()`?',
        });
      }
      if (!result.ok) {
        throw result.error;
      }

      return result.data;
    },
  );
}

async function runChain(
  def: TChainDef,
  path: string,
  state: TChainState,
  index: number,
): Promise<TChainResult> {
  try {
    // Past the resolver (a resolver calls no `next`) this throws, as tRPC's own loop does.
    const middleware = def.middlewares[index] as unknown as TMiddleware;

    return await middleware({
      ctx: state.ctx,
      type: def.type,
      path,
      input: state.input,
      getRawInput: state.getRawInput,
      meta: def.meta,
      signal: undefined,
      batchIndex: 0,
      next: (nextOptions?: TNextOptions) => runChain(def, path, nextState(state, nextOptions), index + 1),
    });
  } catch (cause) {
    return { ok: false, error: getTRPCErrorFromUnknown(cause) };
  }
}

function nextState(state: TChainState, options: TNextOptions | undefined): TChainState {
  if (!options) {
    return state;
  }

  return {
    ctx: options.ctx ? { ...(state.ctx as object), ...options.ctx } : state.ctx,
    input: 'input' in options ? options.input : state.input,
    getRawInput: options.getRawInput ?? state.getRawInput,
  };
}

const chains = new WeakMap<AnyTRPCProcedure, TChainDef | null>();

/**
 * The built procedure's chain, when it is the plain one tRPC's `createResolver` builds (read once
 * per procedure). Its output validation step is replaced by one that parses with the same parser
 * and throws the same error, but returns the result without tRPC's spread helper.
 */
function chainOf(procedure: AnyTRPCProcedure): TChainDef | undefined {
  let chain = chains.get(procedure);
  if (chain === undefined) {
    chain = readChain(procedure);
    chains.set(procedure, chain);
  }

  return chain ?? undefined;
}

function readChain(procedure: AnyTRPCProcedure): TChainDef | null {
  const chain = procedureChain(procedure);
  if (!chain) {
    return null;
  }
  const outputSteps = chain.middlewares.filter((middleware) => middleware._type === 'output');
  // The REST face is a key's, and a key gets `restOutput` where a session gets more (the output a
  // union of the session's schema and the key's): parsed with it alone, a keyed answer no longer
  // pays for the session's schema, tried first and failed, on every call. Same fields, same library.
  const output = procedureMetaOf(procedure)?.restOutput ?? chain.output;
  // Several `.output()` calls would each validate with its own parser; only the last one is kept.
  const parseOutput = outputSteps.length === 1 && output ? getParseFn(output) : undefined;

  return {
    type: chain.type,
    meta: chain.meta,
    middlewares: parseOutput
      ? chain.middlewares.map((middleware) =>
          middleware._type === 'output' ? outputStep(parseOutput) : middleware,
        )
      : chain.middlewares,
  };
}

/** tRPC's `createOutputMiddleware`: the resolver's data parsed by the output parser, or a 500. */
function outputStep(parse: (value: unknown) => unknown): AnyTRPCMiddlewareFunction {
  const step = async ({ next }: { next: () => Promise<TChainResult & { ctx?: unknown }> }) => {
    const result = await next();
    if (!result.ok) {
      return result;
    }
    try {
      return { ...result, data: await parse(result.data) };
    } catch (cause) {
      throw new TRPCError({ message: 'Output validation failed', code: 'INTERNAL_SERVER_ERROR', cause });
    }
  };

  return step as unknown as AnyTRPCMiddlewareFunction;
}
