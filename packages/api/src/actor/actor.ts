import {
  requireScope,
  type TApiKeyScope,
  type TKeyRestrictions,
  type TPlan,
  type TWorkspaceRole,
} from '@formwell/core';

import type { Context } from '../context.js';

/**
 * Who a procedure acts for, whatever transport called it: built once per request by the actor
 * middleware (actor-procedure.ts) from a dashboard session or an API key. Procedures read the tenant
 * and the rights from here and never ask how the caller came in.
 */
export type TActor = {
  /**
   * The tenant every read and write is confined to: the workspace's id (a personal workspace has
   * its user's id, so the `userId` fields stored on forms, keys and submissions hold it).
   */
  workspaceId: string;
  /**
   * That workspace's plan and monthly quota: the workspace pays, so every plan rule follows them,
   * whichever member signed in (a member's own account may be on another plan).
   */
  plan: TPlan;
  quotaLimit: number;
  /** The caller's role in that workspace (a key acts as the workspace: `owner`, within its scopes). */
  role: TWorkspaceRole;
  /** What the caller may do: a key's scopes and restrictions, or all of it for a session. */
  rights: TActorRights;
  /** How the caller proved who it is. */
  credential: { type: 'session' } | { type: 'apiKey'; apiKeyId: string };
  transport: Context['transport'];
};

type TActorRights = {
  /** `all` for a session: it may do whatever its role allows. */
  scopes: readonly TApiKeyScope[] | 'all';
  /** The forms and browser origins a key is limited to (empty lists: unrestricted). */
  restrictions: TKeyRestrictions;
};

const UNRESTRICTED: TKeyRestrictions = { formIds: [], allowedOrigins: [] };

/** A signed-in dashboard user in the workspace the session works in, with that member's role. */
export function sessionActor({
  workspaceId,
  role,
  plan,
  quotaLimit,
}: Pick<TActor, 'workspaceId' | 'role' | 'plan' | 'quotaLimit'>): TActor {
  return {
    workspaceId,
    plan,
    quotaLimit,
    role,
    rights: { scopes: 'all', restrictions: UNRESTRICTED },
    credential: { type: 'session' },
    transport: 'trpc',
  };
}

export type ApiKeyActorOptions = {
  /** The key's tenant: its workspace's id, plan and quota. */
  user: { id: string; plan: TPlan; quotaLimit: number };
  apiKeyId: string;
  scopes: TApiKeyScope[];
  restrictions: TKeyRestrictions;
};

/** An API key's holder: the key owner's tenant, narrowed to the key's scopes and restrictions. */
export function apiKeyActor({ user, apiKeyId, scopes, restrictions }: ApiKeyActorOptions): TActor {
  return {
    workspaceId: user.id,
    plan: user.plan,
    quotaLimit: user.quotaLimit,
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
