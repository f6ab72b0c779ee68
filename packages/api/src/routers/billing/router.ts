import { createRouter } from '../../trpc.js';
import { getBillingOverviewRoute } from './get-billing-overview.js';
import { getUsageRoute } from './get-usage.js';
import { openBillingPortalRoute } from './open-billing-portal.js';
import { startCheckoutRoute } from './start-checkout.js';

/** The dashboard's billing page (session cookie; no REST face). */
export const billingRouter = createRouter({
  overview: getBillingOverviewRoute,
  usage: getUsageRoute,
  startCheckout: startCheckoutRoute,
  openPortal: openBillingPortalRoute,
});
