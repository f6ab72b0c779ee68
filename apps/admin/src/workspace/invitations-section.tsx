import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  ConfirmButton,
  Empty,
  ErrorAlert,
  formatDate,
  Loading,
  SelectField,
  TextField,
} from '../components/ui';
import { useTRPC, type RouterInputs } from '../lib/trpc';
import { ASSIGNABLE_ROLES } from './roles';

type TRole = RouterInputs['invitations']['create']['role'];

/**
 * Invitations to the current workspace (admins and the owner): invite an address for a role (the
 * worker emails a link that works once, for 7 days), see the pending ones, revoke one.
 */
export function InvitationsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TRole>('member');
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.invitations.list.queryKey() });
  const invite = useMutation(
    trpc.invitations.create.mutationOptions({
      onSuccess: async () => {
        setEmail('');
        await refresh();
      },
    }),
  );
  const pending = useQuery(trpc.invitations.list.queryOptions());
  const revoke = useMutation(trpc.invitations.revoke.mutationOptions({ onSuccess: refresh }));
  const rows = pending.data?.invitations ?? [];

  return (
    <section className="card">
      <h2>Invitations</h2>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          invite.mutate({ email: email.trim(), role });
        }}
      >
        <TextField
          label="Invite by email"
          type="email"
          required
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
        <SelectField
          label="Role"
          options={ASSIGNABLE_ROLES}
          value={role}
          onChange={(e) => setRole(e.target.value as TRole)}
        />
        {invite.isError ? <ErrorAlert error={invite.error} /> : null}
        {invite.isSuccess ? (
          <p className="alert ok" role="status">
            Invitation sent to {invite.data.email}.
          </p>
        ) : null}
        <div>
          <button type="submit" className="primary" disabled={invite.isPending}>
            Send invitation
          </button>
        </div>
      </form>
      <h3>Pending</h3>
      {pending.isPending ? <Loading what="invitations" /> : null}
      {pending.isError ? <ErrorAlert error={pending.error} /> : null}
      {pending.isSuccess && rows.length === 0 ? <Empty>No pending invitations.</Empty> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Pending invitations</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Expires</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{invitation.role}</td>
                  <td>{formatDate(invitation.expiresAt)}</td>
                  <td>
                    <ConfirmButton
                      label={`Revoke invitation of ${invitation.email}`}
                      title={`Revoke the invitation of ${invitation.email}?`}
                      message={<p>Its link stops working at once.</p>}
                      confirmLabel="Revoke invitation"
                      pending={revoke.isPending}
                      onConfirm={() => revoke.mutate({ id: invitation.id })}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {revoke.isError ? <ErrorAlert error={revoke.error} /> : null}
    </section>
  );
}
