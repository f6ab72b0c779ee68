import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/** Where the account is signed in, and "sign out everywhere else". */
export function SessionsSection() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useQuery(trpc.account.sessions.queryOptions());
  const endOthers = useMutation(
    trpc.account.endOtherSessions.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.account.sessions.queryFilter()),
    }),
  );

  return (
    <section className="card">
      <h2>Sessions</h2>
      {sessions.isPending ? <Loading what="your sessions" /> : null}
      {sessions.error ? <ErrorAlert error={sessions.error} /> : null}
      {sessions.isSuccess ? (
        <div className="table-wrap">
          <table>
            <thead>
              <tr>
                <th>Browser</th>
                <th>Signed in</th>
                <th>Expires</th>
              </tr>
            </thead>
            <tbody>
              {sessions.data.sessions.map((session) => (
                <tr key={session.id}>
                  <td>
                    {session.userAgent ?? 'unknown browser'}
                    {session.current ? <strong> (this session)</strong> : null}
                  </td>
                  <td>{formatDate(session.createdAt)}</td>
                  <td>{formatDate(session.expiresAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <div className="row">
        <button type="button" onClick={() => endOthers.mutate()} disabled={endOthers.isPending}>
          Sign out everywhere else
        </button>
        <span role="status" className="hint">
          {endOthers.isSuccess
            ? `${endOthers.data.ended} other session${endOthers.data.ended === 1 ? '' : 's'} ended.`
            : ''}
        </span>
      </div>
      {endOthers.error ? <ErrorAlert error={endOthers.error} /> : null}
    </section>
  );
}
