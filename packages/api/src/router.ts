import { accountRouter } from './routers/account/router.js';
import { adminRouter } from './routers/admin/router.js';
import { apiKeysRouter } from './routers/api-keys/router.js';
import { authRouter } from './routers/auth/router.js';
import { billingRouter } from './routers/billing/router.js';
import { dataRightsRouter } from './routers/data-rights/router.js';
import { formsRouter } from './routers/forms/router.js';
import { hooksRouter } from './routers/hooks/router.js';
import { integrationsRouter } from './routers/integrations/router.js';
import { invitationsRouter } from './routers/invitations/router.js';
import { mailRouter } from './routers/mail/router.js';
import { recipientsRouter } from './routers/recipients/router.js';
import { membersRouter } from './routers/members/router.js';
import { submissionsRouter } from './routers/submissions/router.js';
import { systemRouter } from './routers/system/router.js';
import { webhooksRouter } from './routers/webhooks/router.js';
import { workspaceRouter } from './routers/workspace/router.js';
import { createRouter } from './trpc.js';

/**
 * The one router: served as tRPC at /trpc (dashboard sessions) and, for procedures with
 * `meta.openapi`, as REST at /api/v1 (API keys). One procedure per operation, whoever calls it:
 * the actor middleware (actor/actor-procedure.ts) says who may.
 */
export const appRouter = createRouter({
  system: systemRouter,
  auth: authRouter,
  account: accountRouter,
  apiKeys: apiKeysRouter,
  forms: formsRouter,
  recipients: recipientsRouter,
  submissions: submissionsRouter,
  admin: adminRouter,
  webhooks: webhooksRouter,
  integrations: integrationsRouter,
  hooks: hooksRouter,
  billing: billingRouter,
  dataRights: dataRightsRouter,
  mail: mailRouter,
  workspace: workspaceRouter,
  members: membersRouter,
  invitations: invitationsRouter,
});

export type AppRouter = typeof appRouter;
