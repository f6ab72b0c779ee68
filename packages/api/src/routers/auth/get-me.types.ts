import { z } from 'zod';

import { ZUserSchema } from '../../schemas/z-user.js';

export const ZGetMeRequestSchema = z.void();

export const ZGetMeResponseSchema = ZUserSchema;
