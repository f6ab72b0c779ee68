import { createRouter } from '../../trpc.js';
import { createIntegrationRoute } from './create-integration.js';
import { deleteIntegrationRoute } from './delete-integration.js';
import { listIntegrationDeliveriesRoute } from './list-integration-deliveries.js';
import { listIntegrationsRoute } from './list-integrations.js';
import { redeliverIntegrationRoute } from './redeliver-integration.js';
import { setIntegrationEnabledRoute } from './set-integration-enabled.js';
import { testIntegrationRoute } from './test-integration.js';

/** Slack, Discord and Teams integrations of a form, for the dashboard and for keys alike. */
export const integrationsRouter = createRouter({
  list: listIntegrationsRoute,
  create: createIntegrationRoute,
  delete: deleteIntegrationRoute,
  sendTest: testIntegrationRoute,
  setEnabled: setIntegrationEnabledRoute,
  listDeliveries: listIntegrationDeliveriesRoute,
  redeliver: redeliverIntegrationRoute,
});
