import { z } from 'zod';

/** Job payloads name records by their ObjectId (24 hex characters), nothing else. */
export const ZObjectIdString = z.string().regex(/^[0-9a-f]{24}$/, 'must be an ObjectId');
