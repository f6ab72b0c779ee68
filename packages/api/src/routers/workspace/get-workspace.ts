import { getWorkspaceSummary } from '@formwell/core';

import { actorProcedure } from '../../actor/actor-procedure.js';
import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import {
  getWorkspaceMeta,
  ZGetWorkspaceRequestSchema,
  ZGetWorkspaceResponseSchema,
} from './get-workspace.types.js';

/** The workspace the caller acts in (a key's own, or the session's current one), with its usage. */
export const getWorkspaceRoute = actorProcedure({ apiKey: apiKeyPolicies.workspace, session: true })
  .meta(getWorkspaceMeta)
  .input(ZGetWorkspaceRequestSchema)
  .output(ZGetWorkspaceResponseSchema)
  .query(({ ctx }) => getWorkspaceSummary({ workspaceId: ctx.actor.workspaceId }));
