import { ZBillingOverviewSchema } from '@formwell/core';
import { z } from 'zod';

export const ZGetBillingOverviewRequestSchema = z.void();

export const ZGetBillingOverviewResponseSchema = ZBillingOverviewSchema;
