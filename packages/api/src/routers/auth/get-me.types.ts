import { ZMeViewSchema } from '@formwell/core';
import { z } from 'zod';

export const ZGetMeRequestSchema = z.void();

export const ZGetMeResponseSchema = ZMeViewSchema;
