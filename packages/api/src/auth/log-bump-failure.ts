import type { TOnBumpFailed } from '@formwell/core';

import type { ApiLogger } from '../context.js';

/**
 * What a server does when a change it stored could not be announced to the other replicas through
 * Redis: the change still answers as done (it is in MongoDB), and the operator reads why some
 * replicas may use their old copy for up to a minute.
 */
export function logBumpFailure(logger: ApiLogger, fields: Record<string, unknown>): TOnBumpFailed {
  return (error) => {
    logger.warn({ ...fields, err: error }, 'change stored, but Redis could not be told');
  };
}
