import { useMutation, useQuery } from '@tanstack/react-query';
import { useId } from 'react';

import { ErrorAlert, formatDate, Loading } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { Can } from '../workspace/workspace-rights';

/** Plan, this month's usage against the quota, upgrade (Stripe Checkout) and the billing portal. */
export function BillingPage() {
  const trpc = useTRPC();
  const overview = useQuery(trpc.billing.overview.queryOptions());
  const usage = useQuery(trpc.billing.usage.queryOptions());
  // Both answer a Stripe page to go to; the browser leaves the dashboard for it.
  const goTo = ({ url }: { url: string }) => window.location.assign(url);
  const checkout = useMutation(trpc.billing.startCheckout.mutationOptions({ onSuccess: goTo }));
  const portal = useMutation(trpc.billing.openPortal.mutationOptions({ onSuccess: goTo }));
  const usageLabel = useId();

  return (
    <>
      <h1>Billing</h1>
      <section className="card" aria-labelledby={usageLabel}>
        <h2 id={usageLabel}>Usage this month</h2>
        {usage.isPending ? <Loading what="usage" /> : null}
        {usage.isError ? <ErrorAlert error={usage.error} /> : null}
        {usage.isSuccess ? (
          <>
            <p>
              {usage.data.used} of {usage.data.limit} submissions in {usage.data.month} (UTC), plan{' '}
              <strong>{usage.data.plan}</strong>.
            </p>
            <meter
              aria-labelledby={usageLabel}
              min={0}
              max={usage.data.limit}
              value={usage.data.used}
              style={{ width: '100%' }}
            >
              {usage.data.used} of {usage.data.limit}
            </meter>
          </>
        ) : null}
      </section>
      <section className="card">
        <h2>Plan</h2>
        {overview.isPending ? <Loading what="your plan" /> : null}
        {overview.isError ? <ErrorAlert error={overview.error} /> : null}
        {overview.isSuccess ? (
          <div className="stack">
            <p>
              <strong>{overview.data.plan}</strong>, up to {overview.data.quotaLimit} submissions a month.
              Subscription: {overview.data.subscription.status.toLowerCase()}
              {overview.data.subscription.currentPeriodEnd
                ? `, paid until ${formatDate(overview.data.subscription.currentPeriodEnd)}`
                : ''}
              .
            </p>
            {overview.data.billingEnabled ? null : (
              <p className="hint">
                Payments are not set up on this server, so plans are changed by its operator.
              </p>
            )}
            {/* The owner pays: only the owner changes the subscription. */}
            <Can ability="billing">
              <div className="row">
                {overview.data.checkoutPlans.map((plan) => (
                  <button
                    type="button"
                    className="primary"
                    key={plan}
                    disabled={checkout.isPending}
                    onClick={() => checkout.mutate({ plan })}
                  >
                    Upgrade to {plan}
                  </button>
                ))}
                {overview.data.hasBillingAccount ? (
                  <button type="button" disabled={portal.isPending} onClick={() => portal.mutate()}>
                    Manage billing
                  </button>
                ) : null}
              </div>
            </Can>
            {checkout.isError ? <ErrorAlert error={checkout.error} /> : null}
            {portal.isError ? <ErrorAlert error={portal.error} /> : null}
          </div>
        ) : null}
      </section>
    </>
  );
}
