import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { useTRPC } from '../lib/trpc';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * The top bar's workspace picker: every workspace the user belongs to. Switching changes the
 * session's current workspace on the server, then reloads every query, since each answer belongs to
 * the workspace it was asked in.
 */
export function WorkspaceSwitcher() {
  const trpc = useTRPC();
  const id = useId();
  const list = useQuery(trpc.workspace.list.queryOptions());
  const switchTo = useSwitchWorkspace();
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
