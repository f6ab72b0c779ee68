import { AccountEmailModel } from './models/account-email.js';
import { AccountTokenModel } from './models/account-token.js';
import { ApiKeyModel } from './models/api-key.js';
import { BillingEmailModel } from './models/billing-email.js';
import { SubscriptionModel } from './models/billing-subscription.js';
import { InvoiceModel } from './models/invoice.js';
import { PaymentEventModel } from './models/payment-event.js';
import { PaymentFailureModel } from './models/payment-failure.js';
import { DashboardSessionModel } from './models/dashboard-session.js';
import { InboundEventModel, LEGACY_INBOUND_EVENT_INDEX } from './models/inbound-event.js';
import { InboundReceiverModel } from './models/inbound-receiver.js';
import { FormStatsMonthModel } from './models/form-stats-month.js';
import { EmailLogModel } from './models/email-log.js';
import { CaughtMailModel } from './models/caught-mail.js';
import { FormStatsModel } from './models/form-stats.js';
import { FormModel } from './models/form.js';
import { MonthlyUsageModel } from './models/monthly-usage.js';
import { NotificationPreferenceModel } from './models/notification-preference.js';
import { NotificationRecipientModel } from './models/notification-recipient.js';
import { SpamModelModel } from './models/spam-model.js';
import { SubmissionModel } from './models/submission.js';
import { UserModel } from './models/user.js';
import { WorkspaceInvitationModel } from './models/workspace-invitation.js';
import { WorkspaceMemberModel } from './models/workspace-member.js';
import { WorkspaceModel } from './models/workspace.js';
import { WebhookDeliveryModel } from './models/webhook-delivery.js';
import { WebhookEndpointModel } from './models/webhook-endpoint.js';
import { SigningKeyModel } from './models/signing-key.js';
import { StorageUsageModel } from './models/storage-usage.js';
import { UploadedFileModel } from './models/uploaded-file.js';

/**
 * Waits until every model's indexes exist. autoIndex builds them in the background at connect;
 * the unique ones (keyHash, email, uniqueEmail, monthly usage) carry correctness, so start-up and
 * tests await this before serving.
 */
export async function ensureIndexes(): Promise<void> {
  await Promise.all(
    [
      UserModel,
      AccountEmailModel,
      AccountTokenModel,
      WorkspaceModel,
      WorkspaceMemberModel,
      WorkspaceInvitationModel,
      ApiKeyModel,
      FormModel,
      SubmissionModel,
      MonthlyUsageModel,
      DashboardSessionModel,
      FormStatsModel,
      FormStatsMonthModel,
      WebhookEndpointModel,
      InboundEventModel,
      InboundReceiverModel,
      WebhookDeliveryModel,
      EmailLogModel,
      NotificationPreferenceModel,
      NotificationRecipientModel,
      SubscriptionModel,
      PaymentFailureModel,
      InvoiceModel,
      PaymentEventModel,
      BillingEmailModel,
      CaughtMailModel,
      UploadedFileModel,
      StorageUsageModel,
      SigningKeyModel,
      SpamModelModel,
    ].map((model) => model.init()),
  );
  await dropIndexIfPresent(InboundEventModel.collection, LEGACY_INBOUND_EVENT_INDEX);
}

/** Codes of "no such index" and "no such collection": nothing left to drop. */
const NOTHING_TO_DROP = new Set([26, 27]);

/**
 * Drops an index an earlier release built and this one replaced (a unique one would keep refusing
 * what the new one allows). Idempotent: every start tries, and nothing is left after the first.
 */
async function dropIndexIfPresent(
  collection: { dropIndex: (name: string) => Promise<unknown> },
  name: string,
) {
  try {
    await collection.dropIndex(name);
  } catch (error) {
    if (!NOTHING_TO_DROP.has(Number((error as { code?: unknown }).code))) {
      throw error;
    }
  }
}
