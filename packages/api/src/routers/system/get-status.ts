import { publicProcedure } from '../../trpc.js';
import { ZGetStatusRequestSchema, ZGetStatusResponseSchema, getStatusMeta } from './get-status.types.js';

export const getStatusRoute = publicProcedure
  .meta(getStatusMeta)
  .input(ZGetStatusRequestSchema)
  .output(ZGetStatusResponseSchema)
  .query(({ ctx }) => ({ status: 'ok' as const, name: 'Formwell' as const, version: ctx.services.version }));
