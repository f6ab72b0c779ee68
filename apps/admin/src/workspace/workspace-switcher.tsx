import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useNavigate } from 'react-router';

import { useTRPC } from '../lib/trpc';

/**
 * The top bar's workspace picker: every workspace the user belongs to. Switching changes the
 * session's current workspace on the server, then reloads every query, since each answer belongs to
 * the workspace it was asked in.
 */
export function WorkspaceSwitcher() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const id = useId();
  const list = useQuery(trpc.workspace.list.queryOptions());
  const switchTo = useMutation(
    trpc.workspace.switch.mutationOptions({
      onSuccess: async () => {
        await navigate('/forms');
        await queryClient.invalidateQueries();
      },
    }),
  );
  if (!list.data) {
    return null;
  }

  return (
    <div className="workspace-switcher">
      <label htmlFor={id} className="visually-hidden">
        Workspace
      </label>
      <select
        id={id}
        value={list.data.current.id}
        disabled={switchTo.isPending}
        onChange={(event) => switchTo.mutate({ workspaceId: event.target.value })}
      >
        {list.data.workspaces.map((workspace) => (
          <option key={workspace.id} value={workspace.id}>
            {workspace.name} ({workspace.role})
          </option>
        ))}
      </select>
    </div>
  );
}
