import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ErrorAlert, formatDate, Loading, SelectField } from '../components/ui';
import { useTRPC, type RouterInputs, type RouterOutputs } from '../lib/trpc';

type TPlan = RouterInputs['admin']['setUserPlan']['plan'];
type TUser = RouterOutputs['admin']['listUsers']['users'][number];

/** The plans staff can set; a Record over the server's union, so a new plan needs a line here. */
const PLAN_LABELS: Record<TPlan, string> = { FREE: 'Free', STANDARD: 'Standard', PRO: 'Pro' };
const PLAN_OPTIONS = Object.entries(PLAN_LABELS).map(([value, label]) => ({ value, label }));

/** Staff only (role ADMIN; the server refuses everyone else): every user, and their plan. */
export function StaffUsersPage() {
  const trpc = useTRPC();
  const users = useInfiniteQuery(
    trpc.admin.listUsers.infiniteQueryOptions(
      { limit: 50 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const rows = users.data?.pages.flatMap((page) => page.users) ?? [];

  return (
    <>
      <h1>Users</h1>
      {users.isPending ? <Loading what="users" /> : null}
      {users.isError ? <ErrorAlert error={users.error} /> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Every user</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Quota</th>
                <th scope="col">Joined</th>
                <th scope="col">Plan</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((user) => (
                <UserRow key={user.id} user={user} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {users.hasNextPage ? (
        <button type="button" onClick={() => void users.fetchNextPage()} disabled={users.isFetchingNextPage}>
          Load more users
        </button>
      ) : null}
    </>
  );
}

function UserRow({ user }: { user: TUser }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<TPlan>(user.plan);
  const save = useMutation(
    trpc.admin.setUserPlan.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.admin.listUsers.pathKey() }),
    }),
  );

  return (
    <tr>
      <td>{user.email}</td>
      <td>{user.role}</td>
      <td>{user.quotaLimit}</td>
      <td>{formatDate(user.createdAt)}</td>
      <td>
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate({ userId: user.id, plan });
          }}
        >
          <SelectField
            label={`Plan of ${user.email}`}
            value={plan}
            options={PLAN_OPTIONS}
            onChange={(e) => setPlan(e.target.value as TPlan)}
          />
          <button type="submit" disabled={save.isPending || plan === user.plan}>
            Set plan
          </button>
        </form>
        {save.isError ? <ErrorAlert error={save.error} /> : null}
        {save.isSuccess ? (
          <p role="status" className="hint">
            Plan set to {save.data.plan}.
          </p>
        ) : null}
      </td>
    </tr>
  );
}
