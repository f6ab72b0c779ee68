import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { useTRPC } from '../lib/trpc';
import { DeliveryTable, useDeliveryPager } from '../webhooks/delivery-log';

/** An integration's messages of the last 30 days, newest first, with redelivery of each. */
export function IntegrationDeliveryLog({ formId, integrationId }: { formId: string; integrationId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const pager = useDeliveryPager();
  const page = useQuery({
    ...trpc.integrations.listDeliveries.queryOptions({ formId, integrationId, ...pager.input }),
    placeholderData: keepPreviousData,
  });
  const redeliver = useMutation(
    trpc.integrations.redeliver.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.integrations.listDeliveries.pathKey() }),
    }),
  );

  return (
    <DeliveryTable
      page={page}
      pager={pager}
      redeliver={{
        pending: redeliver.isPending,
        error: redeliver.isError ? redeliver.error : null,
        run: (deliveryId) => redeliver.mutate({ formId, integrationId, deliveryId }),
      }}
    />
  );
}
