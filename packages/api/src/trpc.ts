import { initTRPC } from '@trpc/server';
import type { OpenApiMeta } from 'trpc-to-openapi';
import type { ZodType } from 'zod';

import type { TApiKeyPolicy } from './auth/api-key-policy.js';
import type { Context } from './context.js';
import { mapAppErrors } from './errors/app-error-middleware.js';
import { formatError } from './errors/format-error.js';

/**
 * Our own meta beside trpc-to-openapi's: the REST status of a success, when it is not 200; the key
 * policy of a procedure keys may call (set by actorProcedure; the host admits before the body); and
 * `restOutput`, the one answer a key gets where a session gets more (a schema with a registered id,
 * documented by reference in place of the procedure's whole output).
 */
export type ApiMeta = OpenApiMeta<{
  successStatus?: number;
  apiKeyPolicy?: TApiKeyPolicy;
  restOutput?: ZodType;
}>;

const t = initTRPC
  .meta<ApiMeta>()
  .context<Context>()
  // isDev: false keeps stack traces out of every error body, whatever NODE_ENV says.
  .create({ isDev: false, errorFormatter: formatError });

export const createRouter = t.router;

/** Every procedure starts here: core's AppErrors become TRPCErrors with the mapped status. */
export const publicProcedure = t.procedure.use(({ next }) => mapAppErrors(next));
