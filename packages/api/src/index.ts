export { appRouter } from './router.js';
export type { AppRouter } from './router.js';
export { createContextFactory } from './context.js';
export type { ApiLogger, ApiRequest, ApiResponse, ApiServices, Context } from './context.js';
export { createApiServices } from './create-api-services.js';
export type { CreateApiServicesOptions } from './create-api-services.js';
export { buildOpenApiDocument } from './openapi.js';
export { openApiResponseMeta } from './response-meta.js';
export { apiKeyPolicies } from './auth/api-key-policy.js';
export type { TApiKeyPolicy } from './auth/api-key-policy.js';
export { guardApiKeyRequest } from './auth/guard-api-key-request.js';
export { admitBeforeBody, peekEarlyAdmission } from './auth/admit-before-body.js';
export { authorizeAdmitted } from './auth/guard-api-key-request.js';
export { attachRequestUploads, requestUploadsOf } from './uploads/request-uploads.js';
export { authenticateSessionRequest } from './session/authenticate-session-request.js';
export { guardDashboardCsvExport } from './routers/submissions/guard-dashboard-csv-export.js';
export { sessionAnswerFor } from './actor/actor-answers.js';
export { SESSION_COOKIE_NAME, sessionCookieName } from './session/session-cookie.js';
export type { ApiMeta } from './trpc.js';
export type { TApiErrorShape } from './errors/format-error.js';
export { listProcedures, openApiProcedureRecord, procedureType, routerConfig } from './procedures.js';
export { runProcedure } from './run-procedure.js';
export type { TProcedureEntry } from './procedures.js';
export { KEY_RESTRICTION_REFUSAL } from './rest/api-key-error-responses.js';
export {
  consumePublicFormLimit,
  consumePublicFormLimitOnce,
  publicSubmitAddressRate,
} from './rate-limit/public-form-limit.js';
export { LazyChildLogger } from './lazy-child-logger.js';
export { handOffOutbox } from './hand-off-outbox.js';
export { observeRefusal, observeSubmit } from './observe-submit.js';
export type { ApiMetrics, TSubmitFace } from './metrics.js';
export { submitClientInfo } from './submit-client-info.js';
export { RATE_LIMIT_HEADER_NAMES } from './rate-limit/rate-limit-headers.js';
