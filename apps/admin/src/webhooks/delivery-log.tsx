import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
  type UseQueryResult,
} from '@tanstack/react-query';
import { useState } from 'react';

import { Empty, ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC, type RouterOutputs } from '../lib/trpc';

const PAGE_SIZE = 10;

type TDeliveryPage = RouterOutputs['webhooks']['listDeliveries'];

/** Newest-first paging by cursor: the cursors of the pages seen so far, the last one shown. */
export function useDeliveryPager() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const cursor = cursors[cursors.length - 1];

  return {
    input: { limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) },
    cursors,
    setCursors,
  };
}

/** An endpoint's delivery attempts of the last 30 days, newest first, with redelivery of each. */
export function DeliveryLog({ formId, endpointId }: { formId: string; endpointId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pager = useDeliveryPager();
  const page = useQuery({
    ...trpc.webhooks.listDeliveries.queryOptions({ formId, webhookId: endpointId, ...pager.input }),
    placeholderData: keepPreviousData,
  });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.listDeliveries.pathKey() }),
    }),
  );

  return (
    <DeliveryTable
      page={page}
      pager={pager}
      redeliver={{
        pending: redeliver.isPending,
        error: redeliver.isError ? redeliver.error : null,
        run: (deliveryId) => redeliver.mutate({ formId, webhookId: endpointId, deliveryId }),
      }}
    />
  );
}

/**
 * The delivery log as shown for any outbound endpoint (webhook or integration): the attempts, a
 * "Redeliver" button each, and the pager.
 */
export function DeliveryTable({
  page,
  pager: { cursors, setCursors },
  redeliver,
}: {
  page: UseQueryResult<TDeliveryPage, unknown>;
  pager: ReturnType<typeof useDeliveryPager>;
  redeliver: { pending: boolean; error: unknown; run: (deliveryId: string) => void };
}) {
  return (
    <div>
      <h4>Delivery log</h4>
      {page.isPending ? <Loading what="deliveries" /> : null}
      {page.isError ? <ErrorAlert error={page.error} /> : null}
      {page.isSuccess && page.data.deliveries.length === 0 ? <Empty>No deliveries yet.</Empty> : null}
      {page.isSuccess && page.data.deliveries.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Delivery attempts</caption>
            <thead>
              <tr>
                <th scope="col">Sent</th>
                <th scope="col">Event</th>
                <th scope="col">Result</th>
                <th scope="col">Response</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {page.data.deliveries.map((delivery) => (
                <tr key={delivery.id}>
                  <td>{formatDate(delivery.createdAt)}</td>
                  <td>
                    {delivery.event}
                    {delivery.test ? ' (test)' : ''} · attempt {delivery.attempt}
                  </td>
                  <td>
                    {delivery.status}
                    {delivery.httpStatus === null ? '' : ` · HTTP ${delivery.httpStatus}`} ·{' '}
                    {delivery.durationMs} ms
                  </td>
                  <td>
                    <code>{delivery.error ?? delivery.responseBody ?? ''}</code>
                  </td>
                  <td>
                    <button
                      type="button"
                      disabled={redeliver.pending}
                      onClick={() => redeliver.run(delivery.id)}
                    >
                      Redeliver
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {redeliver.error ? <ErrorAlert error={redeliver.error} /> : null}
      <nav className="row" aria-label="Delivery pages" style={{ marginTop: '0.5rem' }}>
        <button
          type="button"
          disabled={cursors.length === 1}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          Newer deliveries
        </button>
        <button
          type="button"
          disabled={!page.data?.nextCursor}
          onClick={() => {
            const next = page.data?.nextCursor;
            if (next) setCursors([...cursors, next]);
          }}
        >
          Older deliveries
        </button>
      </nav>
    </div>
  );
}
