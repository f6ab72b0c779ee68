import { useQuery } from '@tanstack/react-query';

import { useTRPC } from '../lib/trpc';

/**
 * The plan the dashboard works under: the current workspace's (`workspace.get`, the same summary
 * `GET /api/v1/workspace` answers), never the signed-in account's personal one, with what that plan
 * allows on this server (the limits table from `auth.me`). A member of a paid team sees the team's
 * features; back in their own workspace, their own plan's. Unknown (undefined) while loading.
 */
export function useWorkspacePlan() {
  const trpc = useTRPC();
  const workspace = useQuery(trpc.workspace.get.queryOptions());
  const me = useQuery(trpc.auth.me.queryOptions());
  const plan = workspace.data?.plan;

  return {
    plan,
    limits: plan && me.data ? me.data.plans[plan] : undefined,
  };
}

export type TWorkspacePlanLimits = NonNullable<ReturnType<typeof useWorkspacePlan>['limits']>;
