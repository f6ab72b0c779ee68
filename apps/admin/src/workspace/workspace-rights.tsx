import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';

import { useTRPC, type RouterOutputs } from '../lib/trpc';

type TAbility = keyof RouterOutputs['workspace']['list']['current']['can'];

/**
 * What the signed-in member may do in the session's current workspace, as the server computed it
 * from their role (the dashboard holds no copy of the role rules). Undefined while loading.
 */
export function useWorkspaceRights() {
  const trpc = useTRPC();

  return useQuery({ ...trpc.workspace.list.queryOptions(), select: (data) => data.current }).data;
}

/**
 * Shows its children only to members whose role allows `ability`, so a viewer sees no control the
 * server would refuse (nothing shows while the rights load). The server checks every call anyway.
 */
export function Can({
  ability,
  children,
  otherwise = null,
}: {
  ability: TAbility;
  children: ReactNode;
  otherwise?: ReactNode;
}) {
  const rights = useWorkspaceRights();

  return rights?.can[ability] ? children : otherwise;
}
