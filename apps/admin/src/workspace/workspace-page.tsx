import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorAlert, Loading, TextField } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { DeleteWorkspaceSection } from './delete-workspace-section';
import { InvitationsSection } from './invitations-section';
import { MembersSection } from './members-section';
import { useSwitchWorkspace } from './use-switch-workspace';

/** The current workspace: its members and invitations, making another workspace, deleting this one. */
export function WorkspacePage() {
  const trpc = useTRPC();
  const list = useQuery(trpc.workspace.list.queryOptions());
  const me = useQuery(trpc.auth.me.queryOptions());
  if (list.isPending || me.isPending) {
    return <Loading what="the workspace" />;
  }
  if (list.isError || me.isError) {
    return <ErrorAlert error={list.error ?? me.error} />;
  }
  const { current } = list.data;
  const workspace = list.data.workspaces.find((each) => each.id === current.id);

  return (
    <>
      <h1>Workspace</h1>
      <p>
        <strong>{workspace?.name}</strong> · plan {workspace?.plan} · your role: {current.role}
      </p>
      <MembersSection rights={current} myUserId={me.data.id} />
      {current.can.members ? <InvitationsSection /> : null}
      <CreateWorkspaceCard />
      {/* The owner's, and never the personal one (its id is the account's): that goes with the account. */}
      {workspace && current.can.billing && current.id !== me.data.id ? (
        <DeleteWorkspaceSection workspace={workspace} personalWorkspaceId={me.data.id} />
      ) : null}
    </>
  );
}

/** A new workspace, owned by the signed-in user on FREE; the session switches to it. */
function CreateWorkspaceCard() {
  const trpc = useTRPC();
  const [name, setName] = useState('');
  const switchTo = useSwitchWorkspace();
  const create = useMutation(
    trpc.workspace.create.mutationOptions({
      onSuccess: (workspace) => switchTo.mutate({ workspaceId: workspace.id }),
    }),
  );

  return (
    <section className="card">
      <h2>New workspace</h2>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name: name.trim() });
        }}
      >
        <TextField
          label="Workspace name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        {create.isError ? <ErrorAlert error={create.error} /> : null}
        {switchTo.isError ? <ErrorAlert error={switchTo.error} /> : null}
        <div>
          <button type="submit" className="primary" disabled={create.isPending || switchTo.isPending}>
            Create workspace
          </button>
        </div>
      </form>
    </section>
  );
}
