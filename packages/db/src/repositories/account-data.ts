import { AccountEmailModel } from '../models/account-email.js';
import { AccountTokenModel } from '../models/account-token.js';
import { ApiKeyModel } from '../models/api-key.js';
import { BillingEmailModel } from '../models/billing-email.js';
import { SubscriptionModel } from '../models/billing-subscription.js';
import { CaughtMailModel } from '../models/caught-mail.js';
import { DashboardSessionModel } from '../models/dashboard-session.js';
import { EmailLogModel } from '../models/email-log.js';
import { FormStatsDayModel } from '../models/form-stats-day.js';
import { FormStatsQuartersModel } from '../models/form-stats-quarters.js';
import { FormStatsModel } from '../models/form-stats.js';
import { FormModel } from '../models/form.js';
import { InboundEventModel } from '../models/inbound-event.js';
import { InboundReceiverModel } from '../models/inbound-receiver.js';
import { InvoiceModel } from '../models/invoice.js';
import { MonthlyUsageModel } from '../models/monthly-usage.js';
import { NotificationPreferenceModel } from '../models/notification-preference.js';
import { NotificationRecipientModel } from '../models/notification-recipient.js';
import { StorageUsageModel } from '../models/storage-usage.js';
import { UploadedFileModel } from '../models/uploaded-file.js';
import { PaymentEventModel } from '../models/payment-event.js';
import { PaymentFailureModel } from '../models/payment-failure.js';
import { SpamModelModel } from '../models/spam-model.js';
import { SubmissionModel } from '../models/submission.js';
import { UserModel } from '../models/user.js';
import { WebhookDeliveryModel } from '../models/webhook-delivery.js';
import { WebhookEndpointModel } from '../models/webhook-endpoint.js';
import { WorkspaceInvitationModel } from '../models/workspace-invitation.js';
import { WorkspaceMemberModel } from '../models/workspace-member.js';
import { WorkspaceModel } from '../models/workspace.js';
import { toObjectId } from './object-id.js';

/** Regex-quotes a literal (a provider customer id) for a substring match. */
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Deletes every document of one account from every collection, and returns how many went from
 * each. Access goes first (sessions, keys, other people's memberships and pending invitations), the
 * user record last, so a run cut short can simply be run again. Given a team workspace's id (no
 * account has it), it deletes exactly that workspace and everything in it. Documents that name the
 * account only indirectly are found through what names it: caught mail bodies by the Message-IDs of
 * its email log, received webhook events by its form ids, payment events and invoices by its
 * payment provider's customer id.
 */
export async function deleteAccountData({
  userId,
  afterAccessDeleted,
  beforeFileRecordsDeleted,
}: {
  userId: string;
  /** Runs once that access is gone, before the long rest: e.g. to retire cached logins. */
  afterAccessDeleted?: () => Promise<void>;
  /**
   * Runs once keys, forms and submissions are gone (nothing can upload any more), while the file
   * records still name every stored file: the place to remove the files' bytes, which live outside
   * these collections. Bytes removed earlier would miss a file uploaded meanwhile, and once its
   * record is gone nothing finds those bytes again.
   */
  beforeFileRecordsDeleted?: () => Promise<void>;
}): Promise<Record<string, number>> {
  const owner = toObjectId(userId);
  if (!owner) {
    return {};
  }
  // The account's personal workspace has the account's id: its data goes with the account.
  const workspace = await WorkspaceModel.findById(owner, { stripeCustomerId: 1 }).lean<{
    stripeCustomerId?: string | null;
  }>();
  const customerId = workspace?.stripeCustomerId ?? null;
  const account = await UserModel.findById(owner, { email: 1 }).lean<{ email?: string }>();
  const formIds = (
    await FormModel.find({ userId: owner }, { _id: 1 }).lean<{ _id: { toString(): string } }[]>()
  ).map((form) => form._id.toString());
  const messageIds = (
    await EmailLogModel.find({ userId: owner, messageId: { $ne: null } }, { messageId: 1 }).lean<
      { messageId: string }[]
    >()
  ).map((entry) => entry.messageId);

  const deleted: Record<string, number> = {};
  // Added up: a collection may be reached twice (memberships: the others' first, the owner's last).
  const remove = async (name: string, run: () => Promise<{ deletedCount: number }>) => {
    deleted[name] = (deleted[name] ?? 0) + (await run()).deletedCount;
  };
  const byOwner = { userId: owner };
  await remove('dashboard_sessions', () => DashboardSessionModel.deleteMany(byOwner));
  await remove('account_tokens', () => AccountTokenModel.deleteMany(byOwner));
  await remove('account_emails', () => AccountEmailModel.deleteMany({ ownerId: owner }));
  await remove('api_keys', () => ApiKeyModel.deleteMany(byOwner));
  // Nobody else works in (or joins) the workspace while its data goes. The owner's membership stays
  // to the end: a run cut short is found again by it (its owner's account deletion, or the owner
  // repeating the workspace's deletion).
  await remove('workspace_members', () =>
    WorkspaceMemberModel.deleteMany({ workspaceId: owner, role: { $ne: 'owner' } }),
  );
  // Those its workspace sent, and those addressed to it (its address is personal data).
  await remove('workspace_invitations', () =>
    WorkspaceInvitationModel.deleteMany({
      $or: [{ workspaceId: owner }, ...(account?.email ? [{ email: account.email }] : [])],
    }),
  );
  await afterAccessDeleted?.();
  await remove('forms', () => FormModel.deleteMany(byOwner));
  await remove('submissions', () => SubmissionModel.deleteMany(byOwner));
  await remove('form_stats', () => FormStatsModel.deleteMany(byOwner));
  await remove('form_stats_days', () => FormStatsDayModel.deleteMany(byOwner));
  await remove('form_stats_quarters', () => FormStatsQuartersModel.deleteMany(byOwner));
  await remove('monthly_usage', () => MonthlyUsageModel.deleteMany(byOwner));
  // The account is its own tenant until workspaces exist; the files' bytes go just before this.
  await beforeFileRecordsDeleted?.();
  await remove('uploaded_files', () => UploadedFileModel.deleteMany({ workspaceId: owner }));
  await remove('storage_usage', () => StorageUsageModel.deleteMany({ workspaceId: owner }));
  // The learned spam model is keyed by the tenant (the owner, until workspaces own data).
  await remove('spam_models', () => SpamModelModel.deleteMany({ workspaceId: owner }));
  // Its workspace's choices of who is notified, and its own choices in workspaces it joined.
  await remove('notification_preferences', () =>
    NotificationPreferenceModel.deleteMany({ $or: [{ workspaceId: owner }, { userId: owner }] }),
  );
  // The extra addresses its workspace's forms notify (addresses of people outside the account).
  await remove('notification_recipients', () =>
    NotificationRecipientModel.deleteMany({ workspaceId: owner }),
  );
  await remove('webhook_endpoints', () => WebhookEndpointModel.deleteMany(byOwner));
  await remove('webhook_deliveries', () => WebhookDeliveryModel.deleteMany(byOwner));
  await remove('inbound_events', () =>
    InboundEventModel.deleteMany({
      $or: [{ receiverUserId: String(owner) }, { receiverUserId: null, formId: { $in: formIds } }],
    }),
  );
  await remove('inbound_receivers', () => InboundReceiverModel.deleteMany(byOwner));
  await remove('caught_mail', () => CaughtMailModel.deleteMany({ messageId: { $in: messageIds } }));
  await remove('email_log', () => EmailLogModel.deleteMany(byOwner));
  await remove('billing_emails', () => BillingEmailModel.deleteMany(byOwner));
  await remove('subscriptions', () =>
    SubscriptionModel.deleteMany(customerId ? { $or: [byOwner, { customerId }] } : byOwner),
  );
  await remove('payment_failures', () => PaymentFailureModel.deleteMany(byOwner));
  await remove('invoices', () =>
    InvoiceModel.deleteMany(customerId ? { $or: [byOwner, { customerId }] } : byOwner),
  );
  await remove('payment_events', async () =>
    customerId
      ? PaymentEventModel.deleteMany({ payload: { $regex: `"${literal(customerId)}"` } })
      : { deletedCount: 0 },
  );
  // Its memberships everywhere (the personal workspace's, and those in workspaces it joined).
  await remove('workspace_members', () =>
    WorkspaceMemberModel.deleteMany({ $or: [{ workspaceId: owner }, { userId: owner }] }),
  );
  await remove('workspaces', () => WorkspaceModel.deleteMany({ _id: owner }));
  await remove('users', () => UserModel.deleteMany({ _id: owner }));

  return deleted;
}
