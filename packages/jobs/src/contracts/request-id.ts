import { z } from 'zod';

/**
 * The id of the HTTP request behind a job (the server's own, a UUID), so a submission can be
 * followed from its request to its delivery in the logs. An id only: never a header a client chose.
 */
export const ZRequestId = z.string().regex(/^[\w.:-]{1,64}$/, 'must be a request id');
