import { ZUsageSchema } from '@formwell/core';
import { z } from 'zod';

export const ZGetUsageRequestSchema = z.void();

export const ZGetUsageResponseSchema = ZUsageSchema;
