import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';

import { ConfirmButton, ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import { ASSIGNABLE_ROLES } from './roles';

type TMember = RouterOutputs['members']['list']['members'][number];
type TRights = RouterOutputs['workspace']['list']['current'];

/**
 * The current workspace's members. Admins and the owner change roles and remove members; the
 * owner alone hands the workspace over; anyone but the owner may leave.
 */
export function MembersSection({ rights, myUserId }: { rights: TRights; myUserId: string }) {
  const trpc = useTRPC();
  const members = useQuery(trpc.members.list.queryOptions());
  const rows = members.data?.members ?? [];
  // A personal workspace carries its owner's account id and never changes hands.
  const personal = rows.some((member) => member.role === 'owner' && member.userId === rights.id);

  return (
    <section className="card">
      <h2>Members</h2>
      {members.isPending ? <Loading what="members" /> : null}
      {members.isError ? <ErrorAlert error={members.error} /> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Members of this workspace</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Name</th>
                <th scope="col">Role</th>
                <th scope="col">Joined</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((member) => (
                <MemberRow
                  key={member.userId}
                  member={member}
                  rights={rights}
                  isMe={member.userId === myUserId}
                  transferable={!personal}
                />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {rights.role === 'owner' ? null : <LeaveButton />}
    </section>
  );
}

function MemberRow({
  member,
  rights,
  isMe,
  transferable,
}: {
  member: TMember;
  rights: TRights;
  isMe: boolean;
  transferable: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries();
  const changeRole = useMutation(trpc.members.changeRole.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.members.remove.mutationOptions({ onSuccess: refresh }));
  const transfer = useMutation(trpc.members.transferOwnership.mutationOptions({ onSuccess: refresh }));
  const owner = member.role === 'owner';
  const manageable = rights.can.members && !owner && !isMe;
  const error = changeRole.error ?? remove.error ?? transfer.error;

  return (
    <tr>
      <td>{member.email}</td>
      <td>{member.name}</td>
      <td>
        {manageable ? (
          <>
            <label className="visually-hidden" htmlFor={`role-${member.userId}`}>
              Role of {member.email}
            </label>
            <select
              id={`role-${member.userId}`}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(event) =>
                changeRole.mutate({ userId: member.userId, role: event.target.value as TMember['role'] })
              }
            >
              {ASSIGNABLE_ROLES.map((role) => (
                <option key={role.value} value={role.value}>
                  {role.value}
                </option>
              ))}
            </select>
          </>
        ) : (
          `${member.role}${isMe ? ' (you)' : ''}`
        )}
      </td>
      <td>{formatDate(member.joinedAt)}</td>
      <td>
        <div className="row">
          {manageable ? (
            <ConfirmButton
              label={`Remove ${member.email}`}
              title={`Remove ${member.email}?`}
              message={
                <p>
                  They lose access to this workspace on their next request. API keys they created belong to
                  the workspace and keep working: revoke them on the API keys page if they should not.
                </p>
              }
              confirmLabel="Remove member"
              pending={remove.isPending}
              onConfirm={() => remove.mutate({ userId: member.userId })}
            />
          ) : null}
          {rights.can.billing && transferable && !owner ? (
            <ConfirmButton
              label={`Make ${member.email} owner`}
              title={`Hand this workspace to ${member.email}?`}
              message={<p>They become its owner (billing included); you stay as an admin.</p>}
              confirmLabel="Transfer ownership"
              pending={transfer.isPending}
              onConfirm={() => transfer.mutate({ userId: member.userId })}
            />
          ) : null}
        </div>
        {error ? <ErrorAlert error={error} /> : null}
      </td>
    </tr>
  );
}

/** Leaves the current workspace; the session then works in the user's personal workspace. */
function LeaveButton() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const leave = useMutation(
    trpc.members.leave.mutationOptions({
      onSuccess: async () => {
        await navigate('/forms');
        await queryClient.resetQueries();
      },
    }),
  );

  return (
    <div className="stack">
      <div>
        <ConfirmButton
          label="Leave this workspace"
          title="Leave this workspace?"
          message={<p>You lose access to its forms and submissions until someone invites you again.</p>}
          confirmLabel="Leave workspace"
          pending={leave.isPending}
          onConfirm={() => leave.mutate()}
        />
      </div>
      {leave.isError ? <ErrorAlert error={leave.error} /> : null}
    </div>
  );
}
