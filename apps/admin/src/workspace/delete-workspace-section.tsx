import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton, ErrorAlert, TextField } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { useSwitchWorkspace } from './use-switch-workspace';

/**
 * Deletes a team workspace once its name is typed again (its owner only; a personal workspace goes
 * with its account, on the Account page). Afterwards the session works in the personal workspace.
 */
export function DeleteWorkspaceSection({
  workspace,
  personalWorkspaceId,
}: {
  workspace: { id: string; name: string };
  personalWorkspaceId: string;
}) {
  const trpc = useTRPC();
  const [confirmName, setConfirmName] = useState('');
  const switchTo = useSwitchWorkspace();
  const remove = useMutation(
    trpc.workspace.delete.mutationOptions({
      onSuccess: () => switchTo.mutate({ workspaceId: personalWorkspaceId }),
    }),
  );
  const typed = confirmName.trim() === workspace.name;

  return (
    <section className="card">
      <h2>Delete workspace</h2>
      <div className="stack">
        <p>
          Deletes <strong>{workspace.name}</strong> and everything in it for good: forms, submissions, files,
          API keys, webhooks, integrations and mail log. Every member loses access at once and pending
          invitations stop working. Cancel a paid subscription first: deleting the workspace does not cancel
          it.
        </p>
        <TextField
          label="Type the workspace name to confirm"
          autoComplete="off"
          value={confirmName}
          onChange={(e) => setConfirmName(e.target.value)}
        />
        {remove.error ? <ErrorAlert error={remove.error} /> : null}
        {switchTo.error ? <ErrorAlert error={switchTo.error} /> : null}
        {typed ? (
          <ConfirmButton
            label="Delete workspace"
            title={`Delete ${workspace.name}?`}
            message={<p>{workspace.name} and all its data go for good. This cannot be undone.</p>}
            confirmLabel="Delete it for good"
            pending={remove.isPending || switchTo.isPending}
            onConfirm={() => remove.mutate({ workspaceId: workspace.id, confirmName })}
          />
        ) : (
          <button type="button" className="danger" disabled>
            Delete workspace
          </button>
        )}
      </div>
    </section>
  );
}
