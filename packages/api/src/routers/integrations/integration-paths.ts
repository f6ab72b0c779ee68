import { ZPathIdParamSchema } from '../../schemas/z-query.js';
import { ZFormPathSchema } from '../webhooks/webhook-paths.js';

/** `/forms/{formId}/integrations/{integrationId}`: the integration routes' path parameters. */
export const ZIntegrationPathSchema = ZFormPathSchema.extend({ integrationId: ZPathIdParamSchema });

/** An integration id of another tenant, or a webhook's id, answers this 404. */
export const INTEGRATION_NOT_FOUND_RESPONSE = { 404: 'Form, integration or user not found' };
