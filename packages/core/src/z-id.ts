import { z } from 'zod';

/** The longest id text accepted anywhere: stored ids are 24 hex characters, with room to spare. */
export const ID_MAX_LENGTH = 64;

/** An id as requests give it: any text within the bounds; one that is no stored id is a 404, not a 400. */
export const ZIdSchema = z.string().min(1).max(ID_MAX_LENGTH);
