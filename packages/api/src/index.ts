export { appRouter } from './router.js';
export type { AppRouter } from './router.js';
export { createContextFactory } from './context.js';
export type { ApiLogger, ApiRequest, ApiResponse, ApiServices, Context } from './context.js';
export { buildOpenApiDocument } from './openapi.js';
