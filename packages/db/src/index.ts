export { connectDatabase, disconnectDatabase, isDatabaseReachable } from './client.js';
export type { ConnectDatabaseOptions } from './client.js';
export { ensureIndexes } from './ensure-indexes.js';
export { migrationLogRepository } from './repositories/migration-log.js';

export { userRepository } from './repositories/user.js';
export type { TUserRecord, TCreateUserRecord, TRole } from './repositories/user.js';
export { workspaceRepository } from './repositories/workspace.js';
export type {
  TWorkspaceRecord,
  TCreateWorkspaceRecord,
  TPlanName,
  TWorkspaceCounter,
} from './repositories/workspace.js';
export { workspaceMemberRepository } from './repositories/workspace-member.js';
export type { TWorkspaceMemberRecord, TWorkspaceRole } from './repositories/workspace-member.js';
export { digestCursorRepository } from './repositories/digest-cursor.js';
export { notificationPreferenceRepository } from './repositories/notification-preference.js';
export type {
  TNotificationMode,
  TNotificationPreferenceRecord,
} from './repositories/notification-preference.js';
export { NOTIFICATION_MODES } from './models/notification-preference.js';
export {
  notificationRecipientRepository,
  type TNotificationRecipientRecord,
} from './repositories/notification-recipient.js';
export { NOTIFICATION_RECIPIENT_STATUSES } from './models/notification-recipient.js';
export { workspaceInvitationRepository } from './repositories/workspace-invitation.js';
export type { TWorkspaceInvitationRecord } from './repositories/workspace-invitation.js';
export { apiKeyRepository } from './repositories/api-key.js';
export type { TApiKeyRecord, TCreateApiKeyRecord } from './repositories/api-key.js';
export { formRepository } from './repositories/form.js';
export type { TFormRecord, TFormSummaryRecord, TFormWritable } from './repositories/form.js';
export { submissionRepository } from './repositories/submission.js';
export type { TSubmissionFilter, TCreateSubmissionRecord } from './repositories/submission.js';
export { storeSubmission } from './repositories/store-submission.js';
export type { TStoreSubmissionResult } from './repositories/store-submission.js';
export { submissionOutboxRepository } from './repositories/submission-outbox.js';
export { countPending, submissionCountersRepository } from './repositories/submission-counters.js';
export type {
  TSubmissionRecord,
  TSubmissionMeta,
  TOutboxEntryRecord,
  TOutboxKind,
} from './repositories/submission-record.js';
export { monthlyUsageRepository } from './repositories/monthly-usage.js';
export type { TConsumeQuotaResult } from './repositories/monthly-usage.js';
export { formStatsRepository, statsKey } from './repositories/form-stats.js';
export type { TFormStatsMonthRecord, TFormStatsRecord } from './repositories/form-stats.js';
export { listFormOwners, rebuildFormStats } from './repositories/form-stats-rebuild.js';
export { recountForm } from './repositories/form-counts-rebuild.js';
export type { TFormOwnCounts } from './repositories/form-counts-rebuild.js';
export { migrateAnalyticsToDays } from './repositories/analytics-days-migration.js';
export { migrateSpamCountsToForms } from './repositories/spam-counts-migration.js';
export {
  emptyDays,
  monthStart,
  nonZeroBuckets,
  QUARTERS_PER_DAY,
  quarterOfDayMinutes,
  slotStart,
  statsBucketOf,
} from './repositories/stats-buckets.js';
export type { TStatsBucket } from './repositories/stats-buckets.js';
export { dashboardSessionRepository } from './repositories/dashboard-session.js';
export type { TDashboardSessionRecord } from './repositories/dashboard-session.js';
export { webhookEndpointRepository } from './repositories/webhook-endpoint.js';
export type {
  TEndpointKind,
  TWebhookEndpointRecord,
  TWebhookHeader,
} from './repositories/webhook-endpoint.js';
export { inboundEventRepository } from './repositories/inbound-event.js';
export { inboundReceiverRepository } from './repositories/inbound-receiver.js';
export type { TInboundReceiverRecord } from './repositories/inbound-receiver.js';
export type {
  TInboundEventRecord,
  TCreateInboundEventRecord,
  TInboundEventReader,
} from './repositories/inbound-event.js';
export { webhookDeliveryRepository } from './repositories/webhook-delivery.js';
export type {
  TWebhookDeliveryRecord,
  TCreateWebhookDeliveryRecord,
} from './repositories/webhook-delivery.js';
export { outboxDeliveryRepository } from './repositories/outbox-delivery.js';
export { emailLogRepository } from './repositories/email-log.js';
export { developerNotificationSlotRepository } from './repositories/developer-notification-slot.js';
export type { TOwnerReader } from './repositories/owner-reader.js';
export type {
  TEmailLogRecord,
  TCreateEmailLogRecord,
  TEmailLogVisibility,
} from './repositories/email-log.js';
export { subscriptionRepository } from './repositories/subscription.js';
export type {
  TSubscriptionRecord,
  TSubscriptionStatus,
  TSubscriptionChange,
  TApplySubscriptionResult,
} from './repositories/subscription.js';
export { paymentFailureRepository } from './repositories/payment-failure.js';
export type { TPaymentFailureRecord } from './repositories/payment-failure.js';
export { invoiceRepository } from './repositories/invoice.js';
export { paymentEventRepository } from './repositories/payment-event.js';
export type { TStoredPaymentEvent, TClaimResult } from './repositories/payment-event.js';
export { billingEmailRepository } from './repositories/billing-email.js';
export { accountEmailRepository } from './repositories/account-email.js';
export { accountTokenRepository } from './repositories/account-token.js';
export { AccountEmailModel } from './models/account-email.js';
export { AccountTokenModel } from './models/account-token.js';
export type { TAccountEmailRecord } from './repositories/account-email.js';
export type { TBillingEmailRecord, TBillingEmailKind } from './repositories/billing-email.js';
export { caughtMailRepository } from './repositories/caught-mail.js';
export { isDuplicateKeyError } from './repositories/is-duplicate-key-error.js';
export type { TPage, TPageAfter } from './repositories/page.js';

export { UserModel, USER_PLANS, USER_ROLES } from './models/user.js';
export { WorkspaceModel } from './models/workspace.js';
export { WorkspaceMemberModel, WORKSPACE_ROLES } from './models/workspace-member.js';
export { WorkspaceInvitationModel } from './models/workspace-invitation.js';
export { ApiKeyModel } from './models/api-key.js';
export { FormModel } from './models/form.js';
export { SubmissionModel } from './models/submission.js';
export { MonthlyUsageModel } from './models/monthly-usage.js';
export { MigrationModel } from './models/migration.js';
export { DashboardSessionModel } from './models/dashboard-session.js';
export { FormStatsModel } from './models/form-stats.js';
export { FormStatsDayModel } from './models/form-stats-day.js';
export { FormStatsQuartersModel } from './models/form-stats-quarters.js';
export { WebhookEndpointModel } from './models/webhook-endpoint.js';
export { InboundEventModel } from './models/inbound-event.js';
export { InboundReceiverModel } from './models/inbound-receiver.js';
export {
  WebhookDeliveryModel,
  WEBHOOK_DELIVERY_RETENTION_SECONDS,
  WEBHOOK_DELIVERY_STATUSES,
} from './models/webhook-delivery.js';
export { EmailLogModel, EMAIL_LOG_RETENTION_SECONDS, EMAIL_LOG_STATUSES } from './models/email-log.js';
export { SubscriptionModel, SUBSCRIPTION_STATUSES } from './models/billing-subscription.js';
export { PaymentFailureModel, MAX_PAYMENT_ATTEMPTS } from './models/payment-failure.js';
export { InvoiceModel } from './models/invoice.js';
export { PaymentEventModel } from './models/payment-event.js';
export { BillingEmailModel } from './models/billing-email.js';

export { keyExistingEmails } from './repositories/key-existing-emails.js';
export { writeBackup } from './backup/write-backup.js';
export { newPrivateFile } from './backup/new-private-file.js';
export { restoreBackup, RestoreTargetNotEmptyError } from './backup/restore-backup.js';
export { BackupFileError } from './backup/read-backup.js';
export type { TBackupSummary } from './backup/backup-format.js';
export { deleteAccountData } from './repositories/account-data.js';
export { uploadedFileRepository } from './repositories/uploaded-file.js';
export type { TUploadedFileRecord } from './repositories/uploaded-file.js';
export { storageUsageRepository } from './repositories/storage-usage.js';
export { signingKeyRepository } from './repositories/signing-key.js';
export { fileStorageFor } from './file-storage/create-file-storage.js';
export { FileMissingError } from './file-storage/file-storage.js';
export type { TFileStorage, TFileStorageKind, TFileStorageSettings } from './file-storage/file-storage.js';
export { spamFolderRepository } from './repositories/spam-folder.js';
export { spamModelRepository } from './repositories/spam-model.js';
export type { TSpamMarkKind, TStoredSpamModel } from './repositories/spam-model.js';
export type { TSubmissionStatus } from './repositories/submission-record.js';
export { migratePersonalWorkspaces } from './repositories/personal-workspaces-migration.js';
