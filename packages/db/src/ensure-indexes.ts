import { ApiKeyModel } from './models/api-key.js';
import { BillingEmailModel } from './models/billing-email.js';
import { SubscriptionModel } from './models/billing-subscription.js';
import { InvoiceModel } from './models/invoice.js';
import { PaymentEventModel } from './models/payment-event.js';
import { PaymentFailureModel } from './models/payment-failure.js';
import { DashboardSessionModel } from './models/dashboard-session.js';
import { InboundEventModel } from './models/inbound-event.js';
import { FormStatsMonthModel } from './models/form-stats-month.js';
import { EmailLogModel } from './models/email-log.js';
import { CaughtMailModel } from './models/caught-mail.js';
import { FormStatsModel } from './models/form-stats.js';
import { FormModel } from './models/form.js';
import { MonthlyUsageModel } from './models/monthly-usage.js';
import { SpamModelModel } from './models/spam-model.js';
import { SubmissionModel } from './models/submission.js';
import { UserModel } from './models/user.js';
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
      ApiKeyModel,
      FormModel,
      SubmissionModel,
      MonthlyUsageModel,
      DashboardSessionModel,
      FormStatsModel,
      FormStatsMonthModel,
      WebhookEndpointModel,
      InboundEventModel,
      WebhookDeliveryModel,
      EmailLogModel,
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
}
