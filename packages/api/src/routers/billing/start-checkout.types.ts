import { ZBillingRedirectSchema, ZPlanSchema } from '@formwell/core';
import { z } from 'zod';

/** Any plan is accepted here so that FREE or the current plan gets its own clear 400 from core. */
export const ZStartCheckoutRequestSchema = z.object({ plan: ZPlanSchema });

export const ZStartCheckoutResponseSchema = ZBillingRedirectSchema;
