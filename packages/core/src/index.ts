// @formwell/core: business rules, framework-free. Every function takes one options object and
// throws AppError for expected failures; map them with `appErrorStatus` / `AppError#toBody()`.

// errors
export { AppError } from './errors/app-error.js';
export type { AppErrorOptions, TAppErrorDetails } from './errors/app-error.js';
export { AppErrorCode } from './errors/app-error-code.js';
export type { TAppErrorCode } from './errors/app-error-code.js';
export { appErrorStatus, ERROR_HTTP_STATUS, errorCodeForStatus } from './errors/app-error-status.js';
export { buildErrorBody, type TErrorBody, type TErrorBodyParts } from './errors/error-body.js';
export type { TTrpcErrorCode } from './errors/app-error-status.js';
export { ErrorMessages } from './errors/error-messages.js';
export { foreignFormError } from './errors/foreign-form-error.js';
export { invalidParameter, type TParameterIssue } from './errors/invalid-parameter.js';
export { parseInput } from './errors/parse-input.js';

// config
export { buildCoreConfig, loadConfig } from './config/load-config.js';
export { ZCoreEnvSchema } from './config/env.js';
export type { TCoreEnv } from './config/env.js';
export type { TCoreConfig, LoadConfigOptions } from './config/load-config.js';
export { PLANS, DEFAULT_PLAN_LIMITS } from './config/plans.js';
export type { TPlan, TPlanLimits } from './config/plans.js';
export { DEFAULT_RATE_LIMITS } from './config/rate-limits.js';
export { BODY_LIMIT_BYTES, PAYMENT_WEBHOOK_BODY_LIMIT_BYTES } from './config/body-limits.js';
export type { TRateLimitName, TRateLimitRule } from './config/rate-limits.js';

// crypto
export { sha256Hex } from './crypto/sha256-hex.js';

// ids and pagination
export { ID_MAX_LENGTH, ZIdSchema } from './z-id.js';
export { encodeCursor, decodeCursor, CURSOR_JSON_SCHEMA } from './pagination/cursor.js';
export type { TCursorPosition } from './pagination/cursor.js';
export { resolvePageRequest, DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT } from './pagination/resolve-page-request.js';
export type { TPageRequest } from './pagination/resolve-page-request.js';
export { nextCursor } from './pagination/next-cursor.js';
export { ZPaginationQuerySchema } from './pagination/z-pagination-query.js';
export type { TPaginationQuery } from './pagination/z-pagination-query.js';

// api keys
export { API_KEY_SCOPES, ZApiKeyScopeSchema } from './api-keys/scopes.js';
export type { TApiKeyScope } from './api-keys/scopes.js';
export { generateApiKey, API_KEY_PREFIX } from './api-keys/generate-api-key.js';
export type { TGeneratedApiKey } from './api-keys/generate-api-key.js';
export { createApiKey, MAX_ACTIVE_API_KEYS, ZCreateApiKeyInputSchema } from './api-keys/create-api-key.js';
export type { TCreateApiKeyInput } from './api-keys/create-api-key.js';
export { apiKeyHash, authenticateApiKey } from './api-keys/authenticate-api-key.js';
export type {
  AuthenticateApiKeyOptions,
  TApiKeyUser,
  TAuthenticatedApiKey,
} from './api-keys/authenticate-api-key.js';
export { touchApiKeyLastUsed } from './api-keys/touch-api-key-last-used.js';
export type { TouchApiKeyLastUsedOptions } from './api-keys/touch-api-key-last-used.js';
export { requireScope } from './api-keys/require-scope.js';
export { createEmbedKey, EMBED_KEY_SCOPES } from './api-keys/create-embed-key.js';
export type { TCreateEmbedKeyInput } from './api-keys/create-embed-key.js';
export {
  enforceKeyRestrictions,
  MAX_KEY_FORM_IDS,
  MAX_KEY_ORIGINS,
  ZKeyOriginSchema,
} from './api-keys/key-restrictions.js';
export type { EnforceKeyRestrictionsOptions, TKeyRestrictions } from './api-keys/key-restrictions.js';
export type { RequireScopeOptions } from './api-keys/require-scope.js';
export { revokeApiKey } from './api-keys/revoke-api-key.js';
export {
  AUTH_EPOCH_TTL_SECONDS,
  AuthEpochBumpError,
  authEpochKey,
  authUserTag,
  bumpAuthEpoch,
  bumpAuthEpochOrReport,
  bumpAuthEpochs,
  COPY_MAX_AGE_SECONDS,
  newAuthEpoch,
  registerAuthEpochStore,
  requireAuthEpochStore,
} from './api-keys/auth-epoch.js';
export type { TAuthEpochStore, TOnBumpFailed } from './api-keys/auth-epoch.js';
export type { RevokeApiKeyOptions } from './api-keys/revoke-api-key.js';
export { listApiKeys } from './api-keys/list-api-keys.js';
export { findApiKeyOwner } from './api-keys/find-api-key-owner.js';
export { ZApiKeyViewSchema } from './api-keys/api-key-view.js';
export type { TApiKeyView } from './api-keys/api-key-view.js';

// users and sessions
export { ZUserPlanViewSchema, ZUserViewSchema } from './users/user-view.js';
export type { TRole, TUserPlanView, TUserView } from './users/user-view.js';
export { createUser, ZCreateUserInputSchema } from './users/create-user.js';
export type { CreateUserOptions, TCreateUserInput } from './users/create-user.js';
export { signUp } from './users/sign-up.js';
export { checkInboxFor, ZCheckInboxSchema } from './account/check-inbox.js';
export { resendVerificationEmail } from './account/send-verification-email.js';
export { verifyEmail } from './account/verify-email.js';
export { requestPasswordReset, resetPassword } from './account/password-reset.js';
export { ZClearedAccessSchema } from './account/clear-unproven-access.js';
export type { TClearedAccess } from './account/clear-unproven-access.js';
export { changePassword } from './account/change-password.js';
export { endOtherSessions, listOwnSessions, ZOwnSessionSchema } from './account/own-sessions.js';
export { OWNER_NOT_VERIFIED } from './email/owner-address.js';
export type { SignUpOptions } from './users/sign-up.js';
export { logIn } from './users/log-in.js';
export { logOut } from './users/log-out.js';
export { getMe } from './users/get-me.js';
export { ZMeViewSchema } from './users/me-view.js';
export { setUserPlan } from './users/set-user-plan.js';
export { setAccountPlan } from './users/set-account-plan.js';
export { setWorkspacePlan } from './workspaces/set-workspace-plan.js';
export type { SetUserPlanOptions } from './users/set-user-plan.js';
export { listUsers } from './users/list-users.js';
export { findUserIdByEmail } from './users/find-user-id-by-email.js';
export { ownerReaderFor } from './users/owner-reader-for.js';
export { loadWorkspace } from './workspaces/load-workspace.js';
export { getWorkspaceSummary, ZWorkspaceSummarySchema } from './workspaces/workspace-summary.js';
export { sendAccountEmail } from './email/send-account-email.js';
export {
  acceptInvitation,
  createInvitation,
  listInvitations,
  revokeInvitation,
  ZInvitationViewSchema,
} from './workspaces/invitations.js';
export type { TInvitationView } from './workspaces/invitations.js';
export type { TAccountMail } from './email/queue-account-email.js';
export { createWorkspace } from './workspaces/create-workspace.js';
export { listAllWorkspaces, listUserWorkspaces } from './workspaces/list-workspaces.js';
export { workspaceMemberOf } from './workspaces/workspace-member-of.js';
export { sessionWorkspace, switchSessionWorkspace } from './workspaces/session-workspace.js';
export { addMember } from './workspaces/add-member.js';
export type { TMemberChange } from './workspaces/add-member.js';
export { removeMember } from './workspaces/remove-member.js';
export { changeMemberRole } from './workspaces/change-member-role.js';
export { transferOwnership } from './workspaces/transfer-ownership.js';
export {
  deleteWorkspace,
  ZDeleteWorkspaceInputSchema,
  ZDeleteWorkspaceResultSchema,
} from './workspaces/delete-workspace.js';
export { listMembers, ZMemberViewSchema } from './workspaces/list-members.js';
export { roleAllows, requireRole, ZWorkspaceRoleSchema, ZAssignableRoleSchema } from './workspaces/roles.js';
export type { TWorkspaceAbility, TWorkspaceRole } from './workspaces/roles.js';
export type { TMemberActor } from './workspaces/require-actor-role.js';
export { ZWorkspaceViewSchema, ZMemberWorkspaceViewSchema } from './workspaces/workspace-view.js';
export type { TWorkspaceView, TMemberWorkspaceView } from './workspaces/workspace-view.js';
export {
  ZEmailSchema,
  ZPasswordSchema,
  ZPlanSchema,
  ZRoleSchema,
  ZSignUpInputSchema,
  ZLogInInputSchema,
} from './users/z-user-input.js';
export type { TSignUpInput, TLogInInput } from './users/z-user-input.js';
export { createSession, MAX_SESSIONS_PER_USER, SESSION_TTL_MS } from './sessions/create-session.js';
export type { CreateSessionOptions, TSessionToken } from './sessions/create-session.js';
export { verifySession } from './sessions/verify-session.js';
export type { VerifySessionOptions, TVerifiedSession } from './sessions/verify-session.js';
export { revokeSession } from './sessions/revoke-session.js';

// forms
export { FORM_TYPES, FORM_TYPE_DISPLAY, ZFormTypeSchema, formTypeSpecific } from './forms/form-types.js';
export type { TFormType } from './forms/form-types.js';
export {
  FIELD_TYPES,
  ZFieldTypeSchema,
  ZFormFieldSchema,
  ZFormFieldsSchema,
  ZFormFieldViewSchema,
} from './forms/z-form-field.js';
export type { TFormField, TFormFieldInput } from './forms/z-form-field.js';
export { ZCreateFormInputSchema, ZUpdateFormInputSchema } from './forms/z-form-input.js';
export type { TCreateFormInput, TUpdateFormInput } from './forms/z-form-input.js';
export { ZFormListItemSchema } from './forms/form-list-item.js';
export type { TFormListItem } from './forms/form-list-item.js';
export { ZFormDetailSchema } from './forms/form-detail.js';
export type { TFormDetail } from './forms/form-detail.js';
export { createForm } from './forms/create-form.js';
export type { CreateFormOptions } from './forms/create-form.js';
export { updateForm } from './forms/update-form.js';
export type { UpdateFormOptions } from './forms/update-form.js';
export { deleteForm } from './forms/delete-form.js';
export { getForm, ZFormSchema } from './forms/get-form.js';
export type { TForm } from './forms/get-form.js';
export { getFormDetail, ZFormReadSchema } from './forms/get-form-detail.js';
export { listForms } from './forms/list-forms.js';
export type { ListFormsOptions } from './forms/list-forms.js';
export { getUsersJoined } from './forms/get-users-joined.js';
export { loadOwnedForm } from './forms/load-owned-form.js';
export { findFormOwner } from './forms/find-form-owner.js';

// public HTML forms (keyless endpoint)
export { admitPublicUpload, submitPublicForm } from './public-forms/submit-public-form.js';
export { admitEmbedUpload } from './public-forms/admit-embed-upload.js';
export type { SubmitPublicFormOptions, TSubmitPublicFormResult } from './public-forms/submit-public-form.js';
export { getPublicFormName } from './public-forms/get-public-form.js';
export type { TCaptchaProvider } from './public-forms/captcha-providers.js';

// submissions
export { ZSubmitFormInputSchema } from './submissions/z-submit-form-input.js';
export type { TSubmitFormInput } from './submissions/z-submit-form-input.js';
export { loadFormForSubmit, submitForm } from './submissions/submit-form.js';
export { UNVERIFIED_SUBMITTER_REASON } from './submissions/plan-outbox.js';
export { SubmitRefusal, submitRefusalOf } from './submissions/submit-refusal.js';
export type { TSubmitRefusal } from './submissions/submit-refusal.js';
export { metricsTokenMatches } from './metrics/metrics-token.js';
export { ZRedirectSchema, ZSubmitResponseSchema } from './submissions/z-submit-response.js';
export type { TRedirect, TSubmitResponse } from './submissions/z-submit-response.js';
export type { SubmitFormOptions, TSubmitFormResult, TClientInfo } from './submissions/submit-form.js';
export {
  validateSubmissionData,
  MAX_DATA_KEYS,
  MAX_STRING_LENGTH,
} from './submissions/validate-submission-data.js';
export type { TValidationResult } from './submissions/validate-submission-data.js';
export { SUBMISSION_DATA_JSON_SCHEMA } from './submissions/submission-data-json-schema.js';
export { HTTP_URL_JSON_SCHEMA } from './submissions/is-absolute-http-url.js';
export { DATE_BOUND_JSON_SCHEMA } from './submissions/resolve-submission-filter.js';
export { parseUserAgent } from './submissions/parse-user-agent.js';
export { resolveCountry } from './submissions/resolve-country.js';
export type { ResolveCountryOptions } from './submissions/resolve-country.js';
export { listSubmissions, ZListSubmissionsQuerySchema } from './submissions/list-submissions.js';
export type { ListSubmissionsOptions, TListSubmissionsResult } from './submissions/list-submissions.js';
export { getSubmission } from './submissions/get-submission.js';
export type { GetSubmissionOptions } from './submissions/get-submission.js';
export { deleteSubmission } from './submissions/delete-submission.js';
export type { DeleteSubmissionOptions } from './submissions/delete-submission.js';
export { ZSubmissionViewSchema } from './submissions/submission-view.js';
export type { TSubmissionView } from './submissions/submission-view.js';
export {
  exportSubmissionsCsv,
  exportSubmissionsCsvHead,
  MAX_CSV_DATA_COLUMNS,
} from './submissions/export-submissions-csv.js';
export type { ExportSubmissionsCsvOptions } from './submissions/export-submissions-csv.js';
export { neutraliseCsvCell } from './submissions/neutralise-csv-cell.js';
export type { TOutboxItem } from './submissions/outbox-item.js';
export { completeOutboxEntry } from './submissions/complete-outbox-entry.js';
export { failOutboxEntry } from './submissions/fail-outbox-entry.js';
export { findPendingOutbox, OUTBOX_ABANDONED_AFTER_MS } from './submissions/find-pending-outbox.js';
export { enqueueOutbox } from './submissions/enqueue-outbox.js';
export { createOutboxHandOff } from './submissions/outbox-hand-off.js';
export { sweepOutbox } from './submissions/sweep-outbox.js';
export { purgeExpiredSubmissions } from './submissions/purge-expired-submissions.js';
export { applySubmissionCounters } from './submissions/apply-submission-counters.js';
export { reconcileSubmissionCounters } from './submissions/reconcile-submission-counters.js';

// webhook endpoints (their delivery lives in the worker)
export { createWebhookEndpoint } from './webhooks/create-webhook-endpoint.js';
export type { CreateWebhookEndpointOptions } from './webhooks/create-webhook-endpoint.js';
export { listWebhookEndpoints } from './webhooks/list-webhook-endpoints.js';
export { pageWebhookEndpoints, type PageWebhookEndpointsOptions } from './webhooks/page-webhook-endpoints.js';
export { getWebhookEndpoint } from './webhooks/get-webhook-endpoint.js';
export { generateWebhookSecret } from './webhooks/generate-webhook-secret.js';
export { updateWebhookEndpoint } from './webhooks/update-webhook-endpoint.js';
export type { UpdateWebhookEndpointOptions } from './webhooks/update-webhook-endpoint.js';
export { rotateWebhookSecret, PREVIOUS_SECRET_GRACE_MS } from './webhooks/rotate-webhook-secret.js';
export type { RotateWebhookSecretOptions } from './webhooks/rotate-webhook-secret.js';
export { deleteWebhookEndpoint } from './webhooks/delete-webhook-endpoint.js';
export type { TOwnedEndpointIds } from './webhooks/load-owned-endpoint.js';
export {
  ZWebhookEndpointViewSchema,
  ZWebhookEndpointWithSecretSchema,
  toWebhookEndpointView,
} from './webhooks/webhook-endpoint-view.js';
export type { TWebhookEndpointView, TWebhookEndpointWithSecret } from './webhooks/webhook-endpoint-view.js';
export {
  ZCreateWebhookEndpointInputSchema,
  ZUpdateWebhookEndpointInputSchema,
  ZWebhookHeaderSchema,
  ZWebhookHeadersSchema,
  ZWebhookEventsSchema,
  ZWebhookUrlSchema,
  MAX_WEBHOOK_HEADERS,
} from './webhooks/z-webhook-endpoint-input.js';
export type {
  TCreateWebhookEndpointInput,
  TUpdateWebhookEndpointInput,
} from './webhooks/z-webhook-endpoint-input.js';

// the custom webhook receiver's inbound-event log
export { recordInboundEvent } from './inbound-events/record-inbound-event.js';
export {
  CUSTOM_RECEIVER_PATH,
  findInboundReceiver,
  getInboundReceiver,
} from './inbound-events/inbound-receiver.js';
export type { TInboundReceiverView } from './inbound-events/inbound-receiver.js';
export { listInboundEvents } from './inbound-events/list-inbound-events.js';
export type { ListInboundEventsOptions } from './inbound-events/list-inbound-events.js';
export { ZInboundEventViewSchema, toInboundEventView } from './inbound-events/inbound-event-view.js';
export type { TInboundEventView } from './inbound-events/inbound-event-view.js';

// webhook delivery: signing, the SSRF guard, the delivery log, redelivery and test events
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  DEFAULT_WEBHOOK_TIMEOUT_MS,
  ZWebhookDeliveryEnvSchema,
  buildWebhookDeliveryConfig,
  webhookRetryDelay,
} from './webhooks/delivery/webhook-delivery-config.js';
export type { TWebhookDeliveryConfig } from './webhooks/delivery/webhook-delivery-config.js';
export {
  SUBMISSION_CREATED_EVENT,
  ZWebhookPayloadSchema,
  submissionCreatedPayload,
} from './webhooks/delivery/webhook-payload.js';
export type { TWebhookPayload } from './webhooks/delivery/webhook-payload.js';
export { signWebhook } from './webhooks/delivery/sign-webhook.js';
export { isPublicAddress } from './webhooks/delivery/is-public-address.js';
export { postWebhook, RESPONSE_EXCERPT_BYTES } from './webhooks/delivery/post-webhook.js';
export type { TPostResult } from './webhooks/delivery/post-webhook.js';
export { deliverWebhookEvent } from './webhooks/delivery/deliver-webhook-event.js';
export type {
  TEndpointDisabledReason,
  TWebhookAttemptResult,
} from './webhooks/delivery/deliver-webhook-event.js';
export { deliverOutboxWebhook, outboxWebhookId } from './webhooks/delivery/deliver-outbox-webhook.js';
export type { TOutboxWebhookIds, TOutboxWebhookOutcome } from './webhooks/delivery/deliver-outbox-webhook.js';
export { listWebhookDeliveries } from './webhooks/delivery/list-webhook-deliveries.js';
export type { ListWebhookDeliveriesOptions } from './webhooks/delivery/list-webhook-deliveries.js';
export { redeliverWebhook } from './webhooks/delivery/redeliver-webhook.js';
export type { RedeliverWebhookOptions } from './webhooks/delivery/redeliver-webhook.js';
export { sendTestWebhook, TEST_SUBMISSION_ID } from './webhooks/delivery/send-test-webhook.js';
export type { SendTestWebhookOptions } from './webhooks/delivery/send-test-webhook.js';
export {
  ZWebhookDeliveryViewSchema,
  toWebhookDeliveryView,
} from './webhooks/delivery/webhook-delivery-view.js';
export type { TWebhookDeliveryView } from './webhooks/delivery/webhook-delivery-view.js';

// Integrations (Slack, Discord, Teams) and REST hooks (Zapier, Make, n8n): outbound endpoints of
// other kinds, delivered by the webhook machinery above.
export { createIntegration } from './integrations/create-integration.js';
export { listIntegrations } from './integrations/list-integrations.js';
export { setIntegrationEnabled } from './integrations/set-integration-enabled.js';
export { ZIntegrationViewSchema, type TIntegrationView } from './integrations/integration-view.js';
export { ZCreateIntegrationInputSchema } from './integrations/z-integration-input.js';
export { PLATFORM_URL_PATTERNS } from './integrations/integration-hosts.js';
export { createRestHook } from './hooks/create-rest-hook.js';
export { deleteRestHook } from './hooks/delete-rest-hook.js';
export { ZCreateRestHookInputSchema } from './hooks/z-rest-hook-input.js';

// emails
export { isPermanentSmtpError } from './email/mailer.js';
export type { TEmailMessage, TMailer } from './email/mailer.js';
export {
  sendSubmissionEmail,
  DEVELOPER_NOTIFICATIONS_PER_HOUR,
  notificationHourStart,
} from './email/send-submission-email.js';
export { sendDeveloperSummary, DEVELOPER_SUMMARY_EMAIL_KIND } from './email/send-developer-summary.js';
export { sendDigest, DIGEST_EMAIL_KIND } from './email/digests/send-digest.js';
export { queueDigests } from './email/digests/queue-digests.js';
export {
  previewEmailTemplate,
  ZEmailPreviewSchema,
  ZPreviewEmailInputSchema,
} from './email/templates/preview-email-template.js';
export {
  listNotificationPreferences,
  setNotificationPreference,
  ZNotificationModeSchema,
  ZNotificationPreferenceViewSchema,
} from './email/recipients/notification-preferences.js';
export type { TNotificationPreferenceView } from './email/recipients/notification-preferences.js';
export {
  addNotificationRecipient,
  listNotificationRecipients,
  removeNotificationRecipient,
  resendNotificationRecipientLink,
  ZNotificationRecipientViewSchema,
} from './email/recipients/extra/extra-recipients.js';
export {
  confirmNotificationRecipient,
  unsubscribeNotificationRecipient,
} from './email/recipients/extra/recipient-links.js';
export { MAX_EXTRA_RECIPIENTS, RECIPIENT_SKIP_REASONS } from './email/recipients/extra/recipient-rules.js';
export { unsubscribeToken } from './email/recipients/extra/unsubscribe-token.js';
export {
  ONE_CLICK_UNSUBSCRIBE_PATH,
  ONE_CLICK_UNSUBSCRIBE_POST,
} from './email/recipients/extra/one-click-unsubscribe.js';
export type { TConfirmationCap, TSubmissionEmailOutcome } from './email/send-submission-email.js';
export type { TEmailOutcome } from './email/send-logged-email.js';
export { notifyEndpointDisabled, ENDPOINT_DISABLED_EMAIL_KIND } from './email/notify-endpoint-disabled.js';
export { endpointDisabledEmail } from './email/endpoint-disabled-email.js';
export { listEmails } from './email/list-emails.js';
export { getEmail } from './email/get-email.js';
export { ZEmailSummaryViewSchema, ZEmailViewSchema } from './email/email-view.js';
export type { TEmailSummaryView, TEmailView } from './email/email-view.js';

// usage
export { getUsage, ZUsageSchema } from './usage/get-usage.js';
export type { TUsage } from './usage/get-usage.js';
export { usageMonth } from './submissions/usage-month.js';

// analytics (computed from the per-form counters bumped at submit time)
export { getFormAnalytics } from './analytics/get-form-analytics.js';
export type { GetFormAnalyticsOptions } from './analytics/get-form-analytics.js';
export { rebuildAnalyticsCounters } from './analytics/rebuild-analytics-counters.js';
export type { TRebuiltForm } from './analytics/rebuild-analytics-counters.js';
export {
  ZFormAnalyticsSchema,
  ZStatRowSchema,
  ZTimeRangeSchema,
  ZTimeSeriesPointSchema,
  TIME_RANGES,
} from './analytics/analytics-types.js';
export { isValidTimeZone, timeZoneNames } from './analytics/time-zone.js';
export type {
  TTimeRange,
  TFormAnalytics,
  TBaseAnalytics,
  TProAnalytics,
  TTimeSeriesPoint,
  TStatRow,
} from './analytics/analytics-types.js';

// billing: the account side (plan overview, Stripe Checkout, billing portal)
export { PAID_PLANS } from './billing-account/billing-account-config.js';
export type { TBillingAccountConfig, TPaidPlan } from './billing-account/billing-account-config.js';
export { createStripeClient } from './billing-account/stripe-client.js';
export type { TStripeClient } from './billing-account/stripe-client.js';
export { stripeLibrary } from './billing-account/stripe-library.js';
export { getBillingOverview, ZBillingOverviewSchema } from './billing-account/billing-overview.js';
export type { TBillingOverview } from './billing-account/billing-overview.js';
export { startCheckout, ZBillingRedirectSchema } from './billing-account/start-checkout.js';
export type { StartCheckoutOptions, TBillingRedirect } from './billing-account/start-checkout.js';
export { openBillingPortal } from './billing-account/open-billing-portal.js';
// billing (payment provider events)
export {
  processPaymentEvent,
  PaymentEventBusyError,
  PaymentEventUnreadableError,
} from './billing/process-payment-event.js';
export type { TProcessPaymentEventResult } from './billing/process-payment-event.js';
export type { TPlanPriceIds } from './billing/resolve-plan.js';
export { replayPaymentEvent } from './billing/replay-payment-event.js';
export { sweepBillingEmails } from './billing/sweep-billing-emails.js';
export { sendBillingEmail } from './email/send-billing-email.js';
export { runMigrations, MigrationLockTimeoutError } from './migrations/run-migrations.js';
export type { TMigrationReport, TRunMigrationsOptions } from './migrations/run-migrations.js';
export { MIGRATIONS } from './migrations/migrations.js';
export type { TMigration } from './migrations/migrations.js';
export { checkSchemaVersion, SchemaTooNewError } from './migrations/schema-version.js';

// data rights
export { exportAccount } from './data-rights/export-account.js';
export { deleteAccount } from './data-rights/delete-account.js';
export { eraseSubmitterData, findSubmitterData } from './data-rights/submitter-data.js';
export { ZDeleteAccountInputSchema, ZSubmitterInputSchema } from './data-rights/z-data-rights-input.js';

// file uploads
export { keyedUploadTarget, publicUploadTarget } from './files/upload-target.js';
export type { TUploadTarget, TFileFieldRules } from './files/upload-target.js';
export { attachUploadedFiles, removeUploadedFiles, storageLimitError } from './files/settle-upload.js';
export { ORPHAN_UPLOAD_GRACE_MS, sweepOrphanUploads } from './files/sweep-orphan-uploads.js';
export { openLinkedFile, openSubmissionFile } from './files/open-file-download.js';
export type { TFileDownload } from './files/open-file-download.js';
export { SIGNED_FILE_PATH, withFileLinks } from './files/file-links.js';
export { safeFileName } from './files/safe-file-name.js';
export { isAccepted, unrecognisedKind } from './files/file-type-rules.js';
export type { TFileKind } from './files/file-type-rules.js';
export type { TStoredFile, TSubmissionFiles } from './files/z-stored-file.js';
export { createRequestUploads } from './files/request-uploads.js';
export type { TFilePartHandler, TRequestUploads } from './files/request-uploads.js';
// spam
export { purgeSpamFolder } from './spam/purge-spam-folder.js';
export { setSubmissionStatus, ZSetSubmissionStatusInputSchema } from './spam/set-submission-status.js';
export type { SetSubmissionStatusOptions, TSetSubmissionStatusResult } from './spam/set-submission-status.js';
export { ZSubmissionStatusSchema } from './submissions/submission-view.js';
