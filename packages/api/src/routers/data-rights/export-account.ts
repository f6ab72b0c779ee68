import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { createGzip } from 'node:zlib';

import { exportAccount } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZExportAccountRequestSchema, ZExportAccountResponseSchema } from './data-rights.types.js';

/** Everything of the signed-in account as one gzip'd JSON archive (no secrets), for download. */
export const exportAccountRoute = sessionProcedure
  .input(ZExportAccountRequestSchema)
  .output(ZExportAccountResponseSchema)
  .query(async ({ ctx }) => {
    const { user, logger, services } = ctx;
    const archive = await buffer(
      Readable.from(exportAccount({ userId: user.id, config: services.config })).pipe(createGzip()),
    );
    logger.info({ bytes: archive.length }, 'account exported');

    return {
      fileName: `formwell-account-${new Date().toISOString().slice(0, 10)}.json.gz`,
      contentType: 'application/gzip' as const,
      base64: archive.toString('base64'),
    };
  });
