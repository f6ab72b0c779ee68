import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { Empty, ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/**
 * Mail sent for your account, newest first (staff see everyone's). Without an SMTP server the
 * service captures each message here instead of sending it, so confirmations can be read anyway.
 */
export function MailListPage() {
  const trpc = useTRPC();
  const mail = useInfiniteQuery(
    trpc.mail.list.infiniteQueryOptions(
      { limit: 50 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const rows = mail.data?.pages.flatMap((page) => page.emails) ?? [];

  return (
    <>
      <h1>Mail</h1>
      <p className="hint">
        Emails the service sent for your forms. Without an SMTP server they are captured here instead of being
        sent.
      </p>
      {mail.isPending ? <Loading what="mail" /> : null}
      {mail.isError ? <ErrorAlert error={mail.error} /> : null}
      {mail.isSuccess && rows.length === 0 ? <Empty>No mail yet.</Empty> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Mail</caption>
            <thead>
              <tr>
                <th scope="col">Subject</th>
                <th scope="col">To</th>
                <th scope="col">Status</th>
                <th scope="col">Sent</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((email) => (
                <tr key={email.id}>
                  <td>
                    <Link to={`/mail/${email.id}`}>{email.subject}</Link>
                  </td>
                  <td>{email.to}</td>
                  <td>{email.status}</td>
                  <td>{formatDate(email.createdAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {mail.hasNextPage ? (
        <button type="button" onClick={() => void mail.fetchNextPage()} disabled={mail.isFetchingNextPage}>
          Load more mail
        </button>
      ) : null}
    </>
  );
}
