import { z } from 'zod';

import { ZIdParamSchema } from '../../schemas/z-query.js';

/** Names a form of the signed-in owner. */
export const ZFormRequestSchema = z.object({ formId: ZIdParamSchema });

/** Names one endpoint of such a form. */
export const ZEndpointRequestSchema = ZFormRequestSchema.extend({ id: ZIdParamSchema });

/** Names one logged delivery attempt of such an endpoint. */
export const ZDeliveryRequestSchema = ZEndpointRequestSchema.extend({ deliveryId: ZIdParamSchema });
