import { requireScope, type TApiKeyScope, type TKeyRestrictions } from '@formwell/core';

import type { Context } from '../context.js';

/**
 * Who a procedure acts for, whatever transport called it: built once per request by the actor
 * middleware (actor-procedure.ts) from a dashboard session or an API key. Procedures read the tenant
 * and the rights from here and never ask how the caller came in.
 */
export type TActor = {
  /**
   * The tenant every read and write is confined to. Today a user owns their forms alone, so this
   * is the owner user's id; once workspaces exist it becomes the workspace's id, and the name
   * already says so.
   */
  workspaceId: string;
  /** The caller's role in that workspace; every caller is its owner until workspaces add members. */
  role: TActorRole;
  /** What the caller may do: a key's scopes and restrictions, or all of it for a session. */
  rights: TActorRights;
  /** How the caller proved who it is. */
  credential: { type: 'session' } | { type: 'apiKey'; apiKeyId: string };
  transport: Context['transport'];
};

type TActorRole = 'owner';

type TActorRights = {
  /** `all` for a session: it may do whatever its role allows. */
  scopes: readonly TApiKeyScope[] | 'all';
  /** The forms and browser origins a key is limited to (empty lists: unrestricted). */
  restrictions: TKeyRestrictions;
};

const UNRESTRICTED: TKeyRestrictions = { formIds: [], allowedOrigins: [] };

/** A signed-in dashboard user: the owner of their own forms, with every right. */
export function sessionActor(userId: string): TActor {
  return {
    workspaceId: userId,
    role: 'owner',
    rights: { scopes: 'all', restrictions: UNRESTRICTED },
    credential: { type: 'session' },
    transport: 'trpc',
  };
}

export type ApiKeyActorOptions = {
  userId: string;
  apiKeyId: string;
  scopes: TApiKeyScope[];
  restrictions: TKeyRestrictions;
};

/** An API key's holder: the key owner's tenant, narrowed to the key's scopes and restrictions. */
export function apiKeyActor({ userId, apiKeyId, scopes, restrictions }: ApiKeyActorOptions): TActor {
  return {
    workspaceId: userId,
    role: 'owner',
    rights: { scopes, restrictions },
    credential: { type: 'apiKey', apiKeyId },
    transport: 'rest',
  };
}

/** 403 `Insufficient scope: <scope>` unless the actor may act with that scope (a session always may). */
export function requireRight(actor: TActor, scope: TApiKeyScope): void {
  if (actor.rights.scopes !== 'all') {
    requireScope({ scopes: actor.rights.scopes, scope });
  }
}
