import { getUsersJoined } from '@formwell/core';

import { apiKeyPolicies } from '../../auth/api-key-policy.js';
import { actorProcedure } from '../../actor/actor-procedure.js';
import {
  getUsersJoinedMeta,
  ZGetUsersJoinedRequestSchema,
  ZGetUsersJoinedResponseSchema,
} from './get-users-joined.types.js';

export const getUsersJoinedRoute = actorProcedure({ apiKey: apiKeyPolicies.usersJoined, session: false })
  .meta(getUsersJoinedMeta)
  .input(ZGetUsersJoinedRequestSchema)
  .output(ZGetUsersJoinedResponseSchema)
  .query(({ ctx, input }) => {
    const { actor } = ctx;
    const { formId } = input;

    return getUsersJoined({ userId: actor.workspaceId, formId });
  });
