import { ZBillingRedirectSchema } from '@formwell/core';
import { z } from 'zod';

export const ZOpenBillingPortalRequestSchema = z.void();

export const ZOpenBillingPortalResponseSchema = ZBillingRedirectSchema;
