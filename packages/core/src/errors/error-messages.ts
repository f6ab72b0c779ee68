/**
 * Exact texts of service-interface.md and decisions.md. Clients match on them, so change none
 * without changing the contract.
 */
export const ErrorMessages = {
  API_KEY_REQUIRED: 'API key is required',
  INVALID_API_KEY: 'Invalid or inactive API key',
  /** The users-joined endpoint's wording of INVALID_API_KEY. */
  INVALID_API_KEY_SHORT: 'Invalid API key',
  USER_NOT_FOUND: 'User not found',
  FORM_NOT_FOUND: 'Form not found',
  FOREIGN_FORM_MESSAGE: 'Unauthorized',
  FOREIGN_FORM_ERROR: 'Form does not belong to this user',
  SUBMISSION_NOT_FOUND: 'Submission not found',
  API_KEY_NOT_FOUND: 'API key not found',
  WEBHOOK_NOT_FOUND: 'Webhook endpoint not found',
  WEBHOOK_DELIVERY_NOT_FOUND: 'Webhook delivery not found',
  WEBHOOK_DELIVERY_SUBMISSION_GONE: 'The submission of this delivery was deleted',
  RATE_LIMIT_EXCEEDED: 'Rate limit exceeded',
  INTERNAL: 'Internal server error',
  INVALID_SUBMISSION: 'Invalid submission data',
  DUPLICATE_EMAIL: 'A submission with this email already exists for this form',
  INVALID_TIME_RANGE: 'Invalid timeRange parameter',
  ANALYTICS_PLAN: 'Analytics are only available with the STANDARD or PRO plan',
  CUSTOM_REDIRECT_PLAN: 'Custom redirects require STANDARD or PRO plan',
  INVALID_REDIRECT_URL: 'redirectUrl must be an absolute http(s) URL',
  INVALID_CURSOR: 'Invalid cursor',
  INVALID_LIMIT: 'limit must be an integer between 1 and 100',
  INVALID_PARAMETERS: 'Invalid parameters',
  PAYLOAD_TOO_LARGE: 'Request body too large',
  INVALID_CREDENTIALS: 'Invalid email or password',
  EMAIL_TAKEN: 'An account with this email already exists',
  NOT_AUTHENTICATED: 'Not authenticated',
  ADMIN_ONLY: 'Admin access required',
  EMAIL_SETTINGS_PLAN: 'Email settings require STANDARD or PRO plan',
  DEVELOPER_NOTIFICATIONS_PLAN: 'Developer notifications require PRO plan',
  insufficientScope: (scope: string) => `Insufficient scope: ${scope}`,
  formLimit: (count: number, max: number) => `Form limit reached (${count}/${max}) for your plan`,
  monthlyLimit: (used: number, limit: number) =>
    `Monthly submission limit reached (${used}/${limit}) for your plan`,
  apiKeyLimit: (max: number) => `API key limit reached (${max}/${max} active keys)`,
  webhookLimit: (count: number, max: number) =>
    `Webhook endpoint limit reached (${count}/${max}) for your plan`,
} as const;
