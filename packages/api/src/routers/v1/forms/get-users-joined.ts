import { getUsersJoined } from '@formwell/core';

import { apiKeyPolicies } from '../../../auth/api-key-policy.js';
import { apiKeyProcedure } from '../../../auth/api-key-procedure.js';
import {
  getUsersJoinedMeta,
  ZGetUsersJoinedRequestSchema,
  ZGetUsersJoinedResponseSchema,
} from './get-users-joined.types.js';

export const getUsersJoinedRoute = apiKeyProcedure(apiKeyPolicies.usersJoined)
  .meta(getUsersJoinedMeta)
  .input(ZGetUsersJoinedRequestSchema)
  .output(ZGetUsersJoinedResponseSchema)
  .query(({ ctx, input }) => {
    const { actor } = ctx;
    const { formId } = input;

    return getUsersJoined({ userId: actor.userId, formId });
  });
