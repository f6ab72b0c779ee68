import { sessionWorkspace } from '@formwell/core';

import type { ApiRequest, ApiResponse, ApiServices } from '../../context.js';
import { rateLimitBucketId } from '../../rate-limit/bucket-id.js';
import { applyRateLimitHeaders } from '../../rate-limit/rate-limit-headers.js';
import { rateLimitRefusal } from '../../rate-limit/rate-limit-refusal.js';
import { authenticateSessionRequest } from '../../session/authenticate-session-request.js';

export type GuardDashboardCsvExportOptions = {
  req: ApiRequest;
  res: ApiResponse;
  services: ApiServices;
  /** The path's form id, as sent (validated later, after the limit). */
  formId: string;
};

/**
 * What stands before the dashboard's CSV export: a valid session (401), then the same rate-limit
 * rule as the API's listing and export, counted per user and form, with the same headers on every
 * answer from here on (429 at the limit). An export reads every row, so it is never unlimited.
 */
export async function guardDashboardCsvExport({
  req,
  res,
  services,
  formId,
}: GuardDashboardCsvExportOptions) {
  const verified = await authenticateSessionRequest({ req, publicUrl: services.config.publicUrl });
  const { user } = verified;
  // The workspace the session works in; a viewer may export (reading is all it does).
  const { workspaceId } = await sessionWorkspace({
    sessionId: verified.sessionId,
    userId: user.id,
    workspaceId: verified.workspaceId,
  });
  const bucketId = rateLimitBucketId({
    bucket: 'dashboard_forms_submissions',
    apiKeyId: `user_${user.id}`,
    formId,
  });
  const state = await services.rateLimiter.consume('submissionsList', bucketId);
  applyRateLimitHeaders(res, state);
  if (!state.allowed) {
    throw rateLimitRefusal({ res, services, state });
  }

  return { user, workspaceId };
}
