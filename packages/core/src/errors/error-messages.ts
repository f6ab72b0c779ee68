import { BODY_LIMIT_BYTES, formatBodyLimit } from '../config/body-limits.js';

function bodyTooLarge(limitBytes: number): string {
  return `Request body is too large (at most ${formatBodyLimit(limitBytes)})`;
}

/** Bytes as MB (1,048,576 bytes) with at most one decimal, as the storage limit is written. */
function formatMegabytes(bytes: number): string {
  return String(Math.round((bytes / (1024 * 1024)) * 10) / 10);
}

/** The text of a 415, naming the bodies the refusing route reads. */
function unsupportedMediaType(accepted: string): string {
  return `Unsupported Media Type: send ${accepted}`;
}

/**
 * Every error text the service sends. Clients match on them exactly, so a change here is a change
 * of the public contract.
 */
export const ErrorMessages = {
  API_KEY_REQUIRED: 'API key is required',
  INVALID_API_KEY: 'Invalid or inactive API key',
  /** The users-joined endpoint's wording of INVALID_API_KEY. */
  INVALID_API_KEY_SHORT: 'Invalid API key',
  USER_NOT_FOUND: 'User not found',
  /** An account deletion whose typed email is not the account's. */
  ACCOUNT_DELETE_CONFIRMATION: 'Type the account email exactly to confirm the deletion',
  /** An account deletion that would leave a workspace other people use without its owner. */
  accountOwnsSharedWorkspace: (name: string) =>
    `This account owns the workspace "${name}", which has other members: transfer its ownership first`,
  FORM_NOT_FOUND: 'Form not found',
  FOREIGN_FORM_MESSAGE: 'Unauthorized',
  FOREIGN_FORM_ERROR: 'Form does not belong to this user',
  SUBMISSION_NOT_FOUND: 'Submission not found',
  API_KEY_NOT_FOUND: 'API key not found',
  WEBHOOK_NOT_FOUND: 'Webhook endpoint not found',
  INTEGRATION_NOT_FOUND: 'Integration not found',
  HOOK_NOT_FOUND: 'Hook not found',
  WEBHOOK_SECRET_HEADERS_NOT_MOVED:
    'A webhook moved to another URL does not keep its credential headers: send their values again',
  /** The custom webhook receiver's 401 text (a plain-text body, not JSON). */
  INVALID_SIGNATURE: 'Invalid signature',
  WEBHOOK_DELIVERY_NOT_FOUND: 'Webhook delivery not found',
  WEBHOOK_DELIVERY_SUBMISSION_GONE: 'The submission of this delivery was deleted',
  EMAIL_NOT_FOUND: 'Email not found',
  /** An operator's replay of a payment event id never received. */
  PAYMENT_EVENT_NOT_FOUND: 'Payment event not found',
  RATE_LIMIT_EXCEEDED: 'Rate limit exceeded',
  /** `GET /metrics` when METRICS_TOKEN is set and the request lacks it. */
  METRICS_TOKEN_REQUIRED: 'A valid metrics token is required',
  /** `GET /metrics` with NODE_ENV=production and no METRICS_TOKEN set. */
  METRICS_TOKEN_UNSET: 'Metrics are off: set METRICS_TOKEN to scrape them in production',
  INTERNAL: 'Internal server error',
  INVALID_SUBMISSION: 'Invalid submission data',
  DUPLICATE_EMAIL: 'A submission with this email already exists for this form',
  INVALID_TIME_RANGE: 'Invalid timeRange parameter',
  INVALID_TIME_ZONE: 'Invalid tz parameter',
  /** The issue of an INVALID_TIME_RANGE 400: what the parameter takes. */
  TIME_RANGE_VALUES: 'Expected day, week or month',
  /** The issue of an INVALID_TIME_ZONE 400: what the parameter takes. */
  TIME_ZONE_VALUES: 'Expected an IANA time zone such as Europe/Paris',
  FILE_UPLOADS_PLAN: 'File uploads are only available with the STANDARD or PRO plan',
  FILE_NOT_FOUND: 'File not found',
  FILES_ONLY_AS_MULTIPART: 'Files must be sent as multipart/form-data',
  ANALYTICS_PLAN: 'Analytics are only available with the STANDARD or PRO plan',
  CUSTOM_REDIRECT_PLAN: 'Custom redirects require STANDARD or PRO plan',
  INVALID_REDIRECT_URL: 'redirectUrl must be an absolute http(s) URL',
  INVALID_CURSOR: 'Invalid cursor',
  /** `startDate` or `endDate` of a submissions list or export that is no calendar date. */
  notIsoDate: (parameter: string) => `${parameter} must be an ISO 8601 date`,
  DATE_RANGE_REVERSED: 'startDate must not be after endDate',
  INVALID_LIMIT: 'limit must be an integer between 1 and 100',
  INVALID_PARAMETERS: 'Invalid parameters',
  /** A procedure's input schema refused the request (the `issues` say why). */
  INPUT_VALIDATION_FAILED: 'Input validation failed',
  /** A key restricted to some forms, used on another. */
  API_KEY_FORM_NOT_ALLOWED: 'API key is not allowed for this form',
  /** A key restricted to some browser origins, used from another or without an Origin header. */
  API_KEY_ORIGIN_NOT_ALLOWED: 'API key is not allowed from this origin',
  INVALID_ORIGIN: 'must be an http(s) origin such as https://example.com (no path)',
  /** A cookie-authenticated (dashboard) route called from another origin. */
  CROSS_ORIGIN_REFUSED: 'Cross-origin requests are not accepted on dashboard routes',
  /** A `Host` that is none of the server's names (PUBLIC_URL's, loopback, ALLOWED_HOSTS): 421. */
  UNKNOWN_HOST: 'This server does not answer to this host name',
  /** An HTTP/1.1 request without a `Host` header (HTTP/1.0 may omit it). */
  HOST_REQUIRED: 'A Host header is required',
  /** A request Node's HTTP parser could not read (bad framing, bad header syntax, unknown method). */
  MALFORMED_REQUEST: 'Malformed HTTP request',
  /** Request line and headers together over Node's header size limit (a very long URL, say). */
  HEADERS_TOO_LARGE: 'Request headers are too large',
  /** A client that did not finish sending its request within the server's request timeout. */
  REQUEST_TIMEOUT: 'Request timed out',
  API_KEY_OUTSIDE_REST: 'API keys are accepted only under /api/v1',
  /** The 413 of every route under the usual body limit, whoever raised it. */
  BODY_TOO_LARGE: bodyTooLarge(BODY_LIMIT_BYTES),
  /** The 415 of every route that reads JSON bodies only (the API's). */
  UNSUPPORTED_MEDIA_TYPE: unsupportedMediaType('application/json'),
  /** The 415 of the keyless HTML form endpoint, which reads what a plain HTML form sends, and JSON. */
  PUBLIC_FORM_UNSUPPORTED_MEDIA_TYPE: unsupportedMediaType(
    'application/x-www-form-urlencoded, multipart/form-data (text fields only) or application/json',
  ),
  /** An unknown path; never echoes the URL, which may hold a key. */
  NOT_FOUND: 'Not found',
  METHOD_NOT_ALLOWED: 'Method not allowed',
  INVALID_URL: 'Invalid URL',
  /** An error that came without any text. */
  REQUEST_FAILED: 'Request failed',
  INVALID_CREDENTIALS: 'Invalid email or password',
  WORKSPACE_NOT_FOUND: 'Workspace not found',
  MEMBER_NOT_FOUND: 'Member not found',
  ALREADY_MEMBER: 'This user is already a member of the workspace',
  /** Exactly one owner: the owner role changes hands only by a transfer. */
  OWNER_BY_TRANSFER_ONLY: 'A workspace has exactly one owner: transfer the ownership instead',
  OWNER_CANNOT_LEAVE: 'The owner cannot leave or be removed: transfer the ownership first',
  ROLE_NOT_ALLOWED: 'Your role in this workspace does not allow this',
  MEMBER_CHANGED_MEANWHILE: 'This member was changed meanwhile: reload and try again',
  PERSONAL_WORKSPACE_OWNER:
    'A personal workspace always belongs to its account: create a team workspace to hand over',
  /** A personal workspace is deleted only with its account (its id is the account's). */
  PERSONAL_WORKSPACE_DELETE: 'A personal workspace goes only with its account: delete the account instead',
  /** A workspace deletion whose typed name is not the workspace's. */
  WORKSPACE_DELETE_CONFIRMATION: 'Type the workspace name exactly to confirm the deletion',
  /** A user's plan asked for with a team workspace's id (CLI `--user`, `admin.setUserPlan`). */
  TEAM_WORKSPACE_NOT_USER:
    "This id is a team workspace's, not a user's: set its plan as the workspace's (CLI user set-plan --workspace, admin.setWorkspacePlan)",
  INVITATION_NOT_FOUND: 'Invitation not found',
  INVITATION_UNUSABLE: 'This invitation is used, revoked or expired',
  INVITATION_OTHER_ADDRESS: 'This invitation was sent to another email address',
  INVITER_UNVERIFIED: 'Verify your own email address before inviting anyone',
  SIGNUP_CLOSED: 'Sign-up is closed on this server: ask its operator for an account',
  SIGNUP_INVITE_ONLY: 'Sign-up on this server needs an invitation: open the link of your invitation email',
  INVALID_LINK: 'This link is invalid, used or expired',
  RECIPIENT_NOT_FOUND: 'Recipient not found',
  RECIPIENT_EXISTS: "This address already gets or was asked to confirm this form's notifications",
  RECIPIENT_CONFIRMED: 'This recipient has confirmed already: there is no link to send again',
  WRONG_CURRENT_PASSWORD: 'The current password is not correct',
  EMAIL_TAKEN: 'An account with this email already exists',
  NOT_AUTHENTICATED: 'Not authenticated',
  ADMIN_ONLY: 'Admin access required',
  EMAIL_SETTINGS_PLAN: 'Email settings require STANDARD or PRO plan',
  DEVELOPER_NOTIFICATIONS_PLAN: 'Developer notifications require PRO plan',
  /** Checkout and the billing portal when no Stripe secret key is configured (409). */
  BILLING_NOT_CONFIGURED: 'Billing is not configured on this server',
  CHECKOUT_PAID_PLANS_ONLY: 'Checkout is only for the paid plans (STANDARD, PRO)',
  /** A paid plan with a Stripe customer has a subscription: a second checkout would bill twice. */
  CHANGE_PLAN_IN_PORTAL: 'Your plan is billed by a subscription already: change it in the billing portal',
  NO_BILLING_ACCOUNT: 'No billing account yet: subscribe to a plan with checkout first',
  alreadyOnPlan: (plan: string) => `You are already on the ${plan} plan`,
  /** The keyless HTML endpoint (POST /f/:formId). */
  PUBLIC_ORIGIN_NOT_ALLOWED: 'This form does not accept submissions from this origin',
  CAPTCHA_FAILED: 'CAPTCHA verification failed',
  /** A file part came before the CAPTCHA token: files are stored only once the CAPTCHA passed. */
  CAPTCHA_TOKEN_AFTER_FILES:
    'Send the CAPTCHA token before the files (place the CAPTCHA widget above the file inputs)',
  PUBLIC_SUBMISSIONS_OFF: 'Public submissions are off for this form',
  CAPTCHA_UNAVAILABLE: 'CAPTCHA could not be verified right now, please try again',
  insufficientScope: (scope: string) => `Insufficient scope: ${scope}`,
  workspaceLimit: (count: number, max: number) =>
    `Workspace limit reached (${count}/${max}): delete or transfer one you own first`,
  tooManyRecipients: (max: number) => `Extra recipient limit reached (${max}/${max}) for this form`,
  formLimit: (count: number, max: number) => `Form limit reached (${count}/${max}) for your plan`,
  /** The 413 of a route with its own body limit (the payment receiver's). */
  bodyTooLarge,
  /** The field's reason beside a file over its field's size limit (the 413 itself names the body's). */
  fileTooLarge: (limitBytes: number) => `File too large (at most ${formatBodyLimit(limitBytes)})`,
  monthlyLimit: (used: number, limit: number) =>
    `Monthly submission limit reached (${used}/${limit}) for your plan`,
  apiKeyLimit: (max: number) => `API key limit reached (${max}/${max} active keys)`,
  /** A webhook URL whose host is (or resolves to) a loopback, private or reserved address. */
  webhookPrivateTarget: (host: string) =>
    `Webhook URL points to a private or loopback address (${host}): deliveries to it are refused unless the server runs with ALLOW_PRIVATE_WEBHOOK_TARGETS=true`,
  storageLimit: (usedBytes: number, limitBytes: number) =>
    `Storage limit reached (${formatMegabytes(usedBytes)}/${formatMegabytes(limitBytes)} MB) for your plan`,
  webhookLimit: (count: number, max: number) =>
    `Webhook endpoint limit reached (${count}/${max}) for your plan`,
} as const;
