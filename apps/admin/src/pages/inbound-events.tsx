import { useInfiniteQuery } from '@tanstack/react-query';

import { Empty, ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/** Notifications received by the custom webhook receiver about your forms (staff see all). */
export function InboundEventsPage() {
  const trpc = useTRPC();
  const events = useInfiniteQuery(
    trpc.webhooks.listInboundEvents.infiniteQueryOptions(
      { limit: 50 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <>
      <h1>Inbound webhooks</h1>
      <p className="hint">
        What senders posted to <code>/api/webhooks/custom</code> about your forms, newest first.
      </p>
      {events.isPending ? <Loading what="inbound events" /> : null}
      {events.isError ? <ErrorAlert error={events.error} /> : null}
      {events.isSuccess && rows.length === 0 ? <Empty>Nothing received yet.</Empty> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Inbound webhook events</caption>
            <thead>
              <tr>
                <th scope="col">Received</th>
                <th scope="col">Event</th>
                <th scope="col">Form</th>
                <th scope="col">Submission</th>
                <th scope="col">Fields</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((event) => (
                <tr key={event.id}>
                  <td>{formatDate(event.receivedAt)}</td>
                  <td>{event.event}</td>
                  <td>
                    <code>{event.formId}</code>
                  </td>
                  <td>
                    <code>{event.submissionId}</code>
                  </td>
                  <td>
                    <code>{JSON.stringify(event.fields)}</code>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {events.hasNextPage ? (
        <button
          type="button"
          onClick={() => void events.fetchNextPage()}
          disabled={events.isFetchingNextPage}
        >
          Load more events
        </button>
      ) : null}
    </>
  );
}
