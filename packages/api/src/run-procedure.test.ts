import { initTRPC, TRPCError, type AnyTRPCProcedure } from '@trpc/server';
import { describe, expect, test } from 'vitest';
import { z } from 'zod';

import { runProcedure } from './run-procedure.js';

// A router of its own, so each case pins one rule of tRPC's procedure caller; every case compares
// runProcedure with tRPC calling the same procedure.
const t = initTRPC.context<{ user?: string; trace: string[] }>().create({ isDev: false });

const traced = t.procedure.use(async ({ ctx, next, path, type, meta }) => {
  ctx.trace.push(`outer ${path} ${type} ${JSON.stringify(meta)}`);
  const result = await next({ ctx: { user: 'from-middleware' } });
  ctx.trace.push(`outer saw ${result.ok ? 'ok' : result.error.code}`);

  return result;
});

const procedures = {
  echo: traced
    .meta({ label: 'echo' })
    .use(async ({ getRawInput, next }) => {
      const raw = (await getRawInput()) as { n: string };

      return next({ getRawInput: () => Promise.resolve({ n: Number(raw.n) + 1 }) });
    })
    .input(z.object({ n: z.coerce.number() }))
    .output(z.object({ n: z.number(), user: z.string() }))
    .query(({ input, ctx }) => {
      // The context the resolver sees is the merge of the caller's and the middleware's.
      ctx.trace.push(`resolver ${ctx.user ?? 'none'}`);

      return { n: input.n, user: ctx.user ?? 'none', dropped: true };
    }),
  replacedInput: traced
    .input(z.object({ n: z.number() }))
    .use(({ input, next }) => next({ input: { n: input.n * 10 } }))
    .mutation(({ input }) => input.n),
  badInput: traced.input(z.object({ n: z.number() })).query(() => 'unreached'),
  badOutput: traced.output(z.string()).query(() => 42 as unknown as string),
  throws: traced.query(() => {
    throw new TRPCError({ code: 'FORBIDDEN', message: 'no' });
  }),
  throwsPlain: traced.query(() => {
    throw new Error('plain');
  }),
  noNext: t.procedure.use((() => Promise.resolve(undefined)) as never).query(() => 'unreached'),
  // A key's answer (`restOutput`) where a session's would have more: the union tries the session's
  // schema first, which a key's data never meets; runProcedure parses with the key's alone.
  keyedOutput: t.procedure
    .meta({ restOutput: z.object({ n: z.number() }) })
    .output(z.union([z.object({ n: z.number(), settings: z.string() }), z.object({ n: z.number() })]))
    .query(() => ({ n: 1, hidden: true }) as unknown as { n: number; settings: string }),
};
const router = t.router(procedures);
const caller = t.createCallerFactory(router);

type TName = keyof typeof procedures;

async function outcome(run: () => Promise<unknown>) {
  try {
    return { data: await run() };
  } catch (error) {
    const trpc = error as TRPCError;

    return { code: trpc.code, message: trpc.message, cause: trpc.cause?.constructor.name };
  }
}

async function both(name: TName, rawInput: unknown) {
  const ours = { trace: [] as string[] };
  const theirs = { trace: [] as string[] };
  const viaRun = await outcome(() =>
    runProcedure(procedures[name] as unknown as AnyTRPCProcedure, {
      path: name,
      ctx: ours,
      getRawInput: () => Promise.resolve(rawInput),
    }),
  );
  const viaTrpc = await outcome(() =>
    (caller(theirs)[name] as (input: unknown) => Promise<unknown>)(rawInput),
  );

  return { viaRun: { ...viaRun, trace: ours.trace }, viaTrpc: { ...viaTrpc, trace: theirs.trace } };
}

describe('runProcedure answers as tRPC calling the same procedure', () => {
  test.each([
    ['echo', { n: '4' }],
    ['replacedInput', { n: 2 }],
    ['badInput', { n: 'x' }],
    ['badOutput', undefined],
    ['throws', undefined],
    ['throwsPlain', undefined],
    ['noNext', undefined],
    ['keyedOutput', undefined],
  ] as const)('%s', async (name, input) => {
    const { viaRun, viaTrpc } = await both(name, input);

    expect(viaRun).toEqual(viaTrpc);
  });

  test('passes context, raw input, input and output through every step', async () => {
    const { viaRun } = await both('echo', { n: '4' });

    // The second middleware's raw input (n + 1) was coerced; the output parser dropped `dropped`.
    expect(viaRun).toEqual({
      data: { n: 5, user: 'from-middleware' },
      trace: ['outer echo query {"label":"echo"}', 'resolver from-middleware', 'outer saw ok'],
    });
  });
});
