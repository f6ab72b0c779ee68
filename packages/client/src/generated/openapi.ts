// Generated from the Formwell OpenAPI document by scripts/generate-types.ts; do not edit.
// Regenerate with `pnpm --filter @formwell/client generate`.
export interface paths {
  '/f/{formId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit a form without a key (plain HTML forms)
     * @description For forms whose owner turned on public submissions (otherwise 404 `Public submissions are off for this form`). Checks the form's allowed origins (403) and CAPTCHA (403, or 503 when the provider cannot be reached), then the same data rules, quota, emails and webhooks as the API submit. Rate-limited per client address and form. A browser gets 303 to the redirect; a request accepting `application/json` gets 201 with the JSON answer. Bodies up to 102.4 KB.
     */
    post: operations['public-submitForm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create a form
     * @description Answers the new Form as the get-form endpoint does. `emailSettings.enabled` (the submitter's confirmation) needs STANDARD or PRO, `emailSettings.developerNotificationsEnabled` (the owner's notification) PRO. Scope `forms:write`. Sending `emailSettings.developerEmail`, `replyTo`, `notificationTemplate` or `confirmationTemplate` also needs scope `submissions:read` (they decide where and what submissions are mailed), else 403 `Insufficient scope: submissions:read`. Rate-limited per key.
     */
    post: operations['v1-createForm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a form
     * @description One form of the key owner, with its fields and settings. Another user's form is 404. Scope `forms:read`; rate-limited per key and form.
     */
    get: operations['v1-getForm'];
    put?: never;
    post?: never;
    /**
     * Delete a form
     * @description Deletes the form with its submissions, counters and webhook endpoints; its slot of the plan's form limit is free again. Another user's form is 404, as on get-form. Scope `forms:write`; rate-limited per key.
     */
    delete: operations['v1-deleteForm'];
    options?: never;
    head?: never;
    /**
     * Change a form
     * @description Changes any of the form's writable properties; those left out keep their value, `fields` replaces the whole list, `emailSettings` and `publicSubmissions` change only the keys sent. Answers the Form as the get-form endpoint does. Turning `emailSettings.enabled` (the submitter's confirmation) on needs STANDARD or PRO, `emailSettings.developerNotificationsEnabled` (the owner's notification) PRO; a switch already on may stay on after a downgrade. Another user's form is 404, as on get-form. Scope `forms:write`. Sending `emailSettings.developerEmail`, `replyTo`, `notificationTemplate` or `confirmationTemplate` also needs scope `submissions:read` (they decide where and what submissions are mailed), else 403 `Insufficient scope: submissions:read`. Rate-limited per key.
     */
    patch: operations['v1-updateForm'];
    trace?: never;
  };
  '/forms/{formId}/analytics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Form analytics
     * @description Submission analytics of one form of the key owner, from counters kept at submit time. STANDARD gets the base fields, PRO also the PRO fields (growth, peak hour, browsers, countries); FREE is 403. Another user's form is 404. Scope `analytics:read`; rate-limited per key and form.
     */
    get: operations['v1-getFormAnalytics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/integrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List integrations
     * @description The form's Slack, Discord and Teams integrations, newest first, URLs masked. Scope `webhooks:manage`; rate-limited per key.
     */
    get: operations['v1-listIntegrations'];
    put?: never;
    /**
     * Add a Slack, Discord or Teams integration
     * @description Posts each submission of the form to a chat: `type` `slack` (an incoming-webhook URL on hooks.slack.com), `discord` (a webhook URL on discord.com or discordapp.com) or `teams` (a Workflows or Office 365 connector URL). Any other host is a 400 unless the server allows private webhook targets. The answer's `url` is masked, as in every later answer. Counts against the plan's endpoints per form (FREE 1, STANDARD 5, PRO 10), shared with webhooks. Scope `webhooks:manage`; rate-limited per key.
     */
    post: operations['v1-createIntegration'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/integrations/{integrationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Delete an integration
     * @description Removes the integration (queued deliveries stop) and frees its place in the plan limit. Scope `webhooks:manage`; rate-limited per key.
     */
    delete: operations['v1-deleteIntegration'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/integrations/{integrationId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test message
     * @description Posts a sample message (the form's labels, sample values) to the integration now, enabled or not, and answers 202 with the logged attempt, successful or not; a failing test never disables it. Send `Content-Type: application/json` (the body may be `{}`). Scope `webhooks:manage`; rate-limited per key.
     */
    post: operations['v1-testIntegration'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/recipients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List the form's extra notification recipients
     * @description Addresses outside the workspace that get the owner notification, pending (mailed a confirmation link, nothing else) or confirmed; newest first, paged with `limit` and `cursor` like every list. At most 10 per form. Scope `forms:read`; rate-limited per key.
     */
    get: operations['v1-listRecipients'];
    put?: never;
    /**
     * Add an extra notification recipient
     * @description Adds an address and emails it a confirmation link (single-use, 7 days); it gets the form's owner notifications only once it confirmed, each with a one-click unsubscribe link. 400 for an invalid address, 403 past 10 recipients on the form, 409 when the address is already there. Each address gets at most 5 links an hour, each workspace 30. Scope `forms:write` and `submissions:read` (the address will receive the submissions); rate-limited per key.
     */
    post: operations['v1-addRecipient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/recipients/{recipientId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove an extra notification recipient
     * @description The address gets nothing more, and its confirmation link stops working. Scope `forms:write`; rate-limited per key.
     */
    delete: operations['v1-removeRecipient'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/recipients/{recipientId}/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Email a pending recipient a new confirmation link
     * @description The earlier link stops working; the new one works once, for 7 days. 409 when the recipient has confirmed already. Each address gets at most 5 links an hour, each workspace 30. Scope `forms:write` and `submissions:read` (the address will receive the submissions); rate-limited per key.
     */
    post: operations['v1-resendRecipientLink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/submissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List submissions
     * @description Newest first, with optional inclusive `startDate`/`endDate` (ISO dates) and exact `email` filters; `status=spam` lists the spam folder instead of the inbox. Scope `submissions:read`; rate-limited per key and form.
     */
    get: operations['v1-listSubmissions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/submissions/{submissionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get one submission
     * @description One submission, in the listing's element shape. Another user's form is 403 as on the listing. Scope `submissions:read`; counts in the listing's rate limit.
     */
    get: operations['v1-getSubmission'];
    put?: never;
    post?: never;
    /**
     * Delete one submission
     * @description Deletes the submission and its files. Another user's form is 403 as on the listing. Scope `submissions:delete` (keys made before it existed do not hold it); rate-limited per key and form.
     */
    delete: operations['v1-deleteSubmission'];
    options?: never;
    head?: never;
    /**
     * Mark a submission spam or not spam
     * @description `{status: "spam"}` files the submission in the spam folder; `{status: "inbox"}` ("not spam") moves it back. Releasing spam the classifier held back counts, charges, mails and delivers it once, like a new submission (403 when the month quota is used up). The workspace's spam model learns from each mark. Scope `submissions:write`; rate-limited per key and form.
     */
    patch: operations['v1-setSubmissionStatus'];
    trace?: never;
  };
  '/forms/{formId}/submissions/{submissionId}/files/{fileId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Download a file of a submission
     * @description The bytes of a file uploaded with the submission, as stored (`fileId` from the file field's value). Always `Content-Disposition: attachment`, `X-Content-Type-Options: nosniff` and `Content-Security-Policy: sandbox`, whatever the type. Same scope (`submissions:read`) and rate-limit bucket as the submissions listing.
     */
    get: operations['v1-submissions-downloadFile'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/submissions/export.csv': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Export a form's submissions as CSV
     * @description UTF-8 with a byte-order mark; columns: id, createdAt, the data keys (the form fields first, at most 100), other (any further keys, as JSON), browser, os, device, country. Every cell is quoted, and a formula start (= + - @ tab CR), also after a separator inside a cell, is prefixed with a quote. Same filters, scope (`submissions:read`) and rate-limit bucket as the submissions listing; any other query parameter is refused with 400.
     */
    get: operations['v1-submissions-exportCsv'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/users-joined': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Users-joined count
     * @description The number of submissions when the form's users-joined feature is enabled, else 0. The key goes in the X-API-Key header only. Scope `forms:read`.
     */
    get: operations['v1-getUsersJoined'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/webhooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook endpoints
     * @description The form's endpoints (at most 10), newest first, without their secrets, paged with `limit` and `cursor` like every list: pass `nextCursor` back as `cursor` for the next page. Scope `webhooks:manage`; rate-limited per key.
     */
    get: operations['v1-listWebhooks'];
    put?: never;
    /**
     * Create a webhook endpoint
     * @description Registers an absolute http(s) `url` for `form.submission.created`. The answer holds the signing `secret`, shown only here. Endpoints per form: FREE 1, STANDARD 5, PRO 10 (403 beyond). Optional `headers` (at most 10) are sent with every delivery; connection, framing and signature headers are refused. Scope `webhooks:manage`; rate-limited per key.
     */
    post: operations['v1-createWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/webhooks/{webhookId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Get a webhook endpoint
     * @description One endpoint, without its secret. Scope `webhooks:manage`; rate-limited per key.
     */
    get: operations['v1-getWebhook'];
    put?: never;
    post?: never;
    /**
     * Delete a webhook endpoint
     * @description Removes the endpoint and frees its place in the plan limit. Scope `webhooks:manage`; rate-limited per key.
     */
    delete: operations['v1-deleteWebhook'];
    options?: never;
    head?: never;
    /**
     * Update a webhook endpoint
     * @description Changes any of `url`, `description`, `enabled`, `events` and `headers` (the list is replaced as a whole). Scope `webhooks:manage`; rate-limited per key.
     */
    patch: operations['v1-updateWebhook'];
    trace?: never;
  };
  '/forms/{formId}/webhooks/{webhookId}/deliveries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List webhook deliveries
     * @description The endpoint's delivery attempts of the last 30 days (status, HTTP code, duration, start of the response, error), newest first, paged with `limit` and `cursor`. Scope `webhooks:manage`; rate-limited per key.
     */
    get: operations['v1-listWebhookDeliveries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Redeliver a webhook event
     * @description Sends the logged event again now (even to a disabled endpoint) with the same `webhook-id`, and answers the new attempt, successful or not. Send `Content-Type: application/json` (the body may be `{}`). Scope `webhooks:manage`; rate-limited per key.
     */
    post: operations['v1-redeliverWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/webhooks/{webhookId}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Rotate the signing secret
     * @description Generates a new secret, shown only in this answer. The replaced secret keeps signing deliveries (both signatures are sent) until `previousSecretExpiresAt`, 24 hours later. Send `Content-Type: application/json` (the body may be `{}`). Scope `webhooks:manage`; rate-limited per key.
     */
    post: operations['v1-rotateWebhookSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/{formId}/webhooks/{webhookId}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a test event
     * @description Sends a sample `form.submission.created` event (submission id `test_submission`), signed like a real one, to the endpoint now, enabled or not, and answers the logged attempt, successful or not. A failing test never disables the endpoint. Send `Content-Type: application/json` (the body may be `{}`). Scope `webhooks:manage`; rate-limited per key.
     */
    post: operations['v1-sendTestWebhook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/list': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List forms
     * @description The key owner's forms, newest first. Pass `nextCursor` back as `cursor` for the next page. Scope `forms:read`; rate-limited per key.
     */
    get: operations['v1-listForms'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/forms/submit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Submit a form
     * @description `data` is checked against the form's fields (400 with `fieldErrors`). Custom `redirectUrl` needs STANDARD or PRO. Scope `submissions:write`; rate-limited per key.
     */
    post: operations['v1-submitForm'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/hooks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Subscribe a REST hook (Zapier, Make, n8n)
     * @description Subscribes `targetUrl` to `form.submission.created` of the form `formId`, or of every form of the account without it (forms created later included). Each delivery is the webhook payload with its signature headers; a target answering 410 Gone is unsubscribed. Counts against the plan's endpoints per form. Scope `webhooks:manage`; rate-limited per key.
     */
    post: operations['v1-createHook'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/hooks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Unsubscribe a REST hook
     * @description Removes the subscription; deliveries already queued for it stop. Scope `webhooks:manage`; rate-limited per key.
     */
    delete: operations['v1-deleteHook'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Service status
     * @description Answers when the API process is up. Needs no API key.
     */
    get: operations['system-getStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/workspace': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The workspace of the key
     * @description The workspace the key belongs to: its plan, monthly quota, this UTC month's submissions and the bytes of uploaded files it keeps. Any key of the workspace may read it; rate-limited per key.
     */
    get: operations['v1-getWorkspace'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface webhooks {
  'form.submission.created': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A submission was stored
     * @description Sent to each enabled endpoint of the form, from the worker, with the endpoint's own headers added. Verify `webhook-signature` (Standard Webhooks: HMAC-SHA256 over `webhook-id.webhook-timestamp.body`, keyed with the base64 part of the `whsec_…` secret; during a rotation it lists a signature per valid secret, space-separated) or the legacy `x-service-signature` (hex HMAC-SHA256 of the raw body keyed with the whole secret string). Redeliveries keep `webhook-id`; a test event has submissionId `test_submission`. Answer 2xx within 10 seconds; anything else is retried with backoff.
     */
    post: operations['webhook-submissionCreated'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export interface components {
  schemas: {
    'error.BAD_REQUEST': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.CONFLICT': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.FORBIDDEN': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.INTERNAL_SERVER_ERROR': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.MISDIRECTED_REQUEST': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.NOT_FOUND': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.PAYLOAD_TOO_LARGE': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.TOO_MANY_REQUESTS': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.UNAUTHORIZED': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    'error.UNSUPPORTED_MEDIA_TYPE': {
      /** @description Machine code, e.g. NOT_FOUND. */
      code: string;
      /** @description Human-readable error text. */
      error: string;
      /** @description Per-field reasons, for invalid submission data. */
      fieldErrors?: {
        [key: string]: string;
      };
      /** @description Validation issues, for invalid input. */
      issues?: unknown[];
      /** @description Same as error, except where the interface gives two texts. */
      message: string;
    };
    Form: {
      createdAt: string;
      description: string;
      emailSettings: {
        developerNotificationsEnabled: boolean;
        enabled: boolean;
      };
      fields: components['schemas']['FormField'][];
      /** @enum {string} */
      formType:
        | 'survey'
        | 'contact'
        | 'feedback'
        | 'order'
        | 'rsvp'
        | 'waitlist'
        | 'application'
        | 'custom'
        | 'analytics_opt_in';
      formTypeDisplay: string;
      formTypeSpecific: {
        [key: string]: unknown;
      };
      id: string;
      name: string;
      spamCount: number;
      submissionCount: number;
      title: string;
      updatedAt: string;
      usersJoinedSettings: {
        count: number;
        enabled: boolean;
      } | null;
    };
    FormField: {
      accept?: string[];
      displayMode?: string;
      id: string;
      label: string;
      maxSizeMb?: number;
      multiple?: number;
      name: string;
      options?: string[];
      placeholder?: string;
      productIds?: unknown[];
      products?: unknown[];
      required: boolean;
      type: string;
    };
    FormListItem: {
      createdAt: string;
      description: string;
      /** @enum {string} */
      formType:
        | 'survey'
        | 'contact'
        | 'feedback'
        | 'order'
        | 'rsvp'
        | 'waitlist'
        | 'application'
        | 'custom'
        | 'analytics_opt_in';
      id: string;
      name: string;
      submissionCount: number;
      updatedAt: string;
    };
    Submission: {
      createdAt: string;
      data: {
        [key: string]: unknown;
      };
      email: string | null;
      formId: string;
      id: string;
      meta: {
        browser: string;
        country: string;
        device: string;
        os: string;
      };
      spamReasons: string[];
      spamScore: number;
      /** @enum {string} */
      status: 'inbox' | 'spam';
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  'public-submitForm': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          _gotcha?: string;
          /** Format: uri */
          _redirect?: string;
        } & {
          [key: string]: string | number | boolean | null | string[];
        };
        'application/x-www-form-urlencoded': {
          _gotcha?: string;
          /** Format: uri */
          _redirect?: string;
        } & {
          [key: string]: string | string[];
        };
        'multipart/form-data': {
          _gotcha?: string;
          /** Format: uri */
          _redirect?: string;
        } & {
          [key: string]: string | string[];
        };
      };
    };
    responses: {
      /** @description Stored (the request accepts application/json) */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            message: 'Form submitted successfully';
            redirect: {
              allowed: boolean;
              reason?: string;
              url: string;
            };
            submissionId: string;
            /** @constant */
            success: true;
          };
        };
      };
      /** @description Stored; the browser is sent to the redirect URL or the thank-you page */
      303: {
        headers: {
          Location?: string;
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid body or submission data (`fieldErrors`) */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description This form does not accept submissions from this origin, CAPTCHA verification failed, or monthly quota reached */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Form not found, or public submissions are off for it */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description A submission with this email already exists for this form */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Unsupported Media Type: send application/x-www-form-urlencoded, multipart/form-data (text fields only) or application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded (per client address and form) */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description CAPTCHA could not be verified right now, please try again */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
    };
  };
  'v1-createForm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @default  */
          description?: string;
          emailSettings?: {
            confirmationTemplate?: {
              body?: string | null;
              subject?: string | null;
            } | null;
            confirmUnverified?: boolean;
            developerEmail?: string | null;
            developerNotificationsEnabled?: boolean;
            enabled?: boolean;
            notificationTemplate?: {
              body?: string | null;
              subject?: string | null;
            } | null;
            replyTo?: string | null;
            subject?: string | null;
          };
          fields?: ({
            accept?: string[];
            displayMode?: string;
            id?: string;
            label?: string;
            maxSizeMb?: number;
            multiple?: number;
            name: string;
            options?: string[];
            placeholder?: string;
            productIds?: unknown[];
            products?: unknown[];
            /** @default false */
            required?: boolean;
            /** @enum {string} */
            type:
              | 'text'
              | 'email'
              | 'textarea'
              | 'number'
              | 'checkbox'
              | 'select'
              | 'radio'
              | 'date'
              | 'url'
              | 'tel'
              | 'rating'
              | 'product'
              | 'file';
          } & (
            | {
                /** @constant */
                type?: 'file';
              }
            | {
                accept?: never;
                maxSizeMb?: never;
                multiple?: never;
                options: unknown[];
                /** @enum {string} */
                type?: 'select' | 'radio';
              }
            | {
                accept?: never;
                maxSizeMb?: never;
                multiple?: never;
                /** @enum {string} */
                type?:
                  | 'text'
                  | 'email'
                  | 'textarea'
                  | 'number'
                  | 'checkbox'
                  | 'date'
                  | 'url'
                  | 'tel'
                  | 'rating'
                  | 'product';
              }
          ))[];
          /** @enum {string} */
          formType:
            | 'survey'
            | 'contact'
            | 'feedback'
            | 'order'
            | 'rsvp'
            | 'waitlist'
            | 'application'
            | 'custom'
            | 'analytics_opt_in';
          name: string;
          retentionDays?: number | null;
          settings?: {
            usersJoined?: {
              enabled: boolean;
            } | null;
          };
          spamThreshold?: number;
          uniqueEmail?: boolean;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Form'];
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-getForm': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Form'];
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-deleteForm': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted (no body) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            deleted: true;
            id: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-updateForm': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          description?: string;
          emailSettings?: {
            confirmationTemplate?: {
              body?: string | null;
              subject?: string | null;
            } | null;
            confirmUnverified?: boolean;
            developerEmail?: string | null;
            developerNotificationsEnabled?: boolean;
            enabled?: boolean;
            notificationTemplate?: {
              body?: string | null;
              subject?: string | null;
            } | null;
            replyTo?: string | null;
            subject?: string | null;
          };
          fields?: ({
            accept?: string[];
            displayMode?: string;
            id?: string;
            label?: string;
            maxSizeMb?: number;
            multiple?: number;
            name: string;
            options?: string[];
            placeholder?: string;
            productIds?: unknown[];
            products?: unknown[];
            /** @default false */
            required?: boolean;
            /** @enum {string} */
            type:
              | 'text'
              | 'email'
              | 'textarea'
              | 'number'
              | 'checkbox'
              | 'select'
              | 'radio'
              | 'date'
              | 'url'
              | 'tel'
              | 'rating'
              | 'product'
              | 'file';
          } & (
            | {
                /** @constant */
                type?: 'file';
              }
            | {
                accept?: never;
                maxSizeMb?: never;
                multiple?: never;
                options: unknown[];
                /** @enum {string} */
                type?: 'select' | 'radio';
              }
            | {
                accept?: never;
                maxSizeMb?: never;
                multiple?: never;
                /** @enum {string} */
                type?:
                  | 'text'
                  | 'email'
                  | 'textarea'
                  | 'number'
                  | 'checkbox'
                  | 'date'
                  | 'url'
                  | 'tel'
                  | 'rating'
                  | 'product';
              }
          ))[];
          /** @enum {string} */
          formType?:
            | 'survey'
            | 'contact'
            | 'feedback'
            | 'order'
            | 'rsvp'
            | 'waitlist'
            | 'application'
            | 'custom'
            | 'analytics_opt_in';
          name?: string;
          publicSubmissions?: {
            allowedOrigins?: string[];
            captcha?: {
              /** @enum {string} */
              provider: 'turnstile' | 'hcaptcha' | 'recaptcha';
              secret: string;
            } | null;
            enabled?: boolean;
          };
          retentionDays?: number | null;
          settings?: {
            usersJoined?: {
              enabled: boolean;
            } | null;
          };
          spamThreshold?: number;
          uniqueEmail?: boolean;
        };
      };
    };
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Form'];
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-getFormAnalytics': {
    parameters: {
      query?: {
        apiKey?: string;
        timeRange?: 'day' | 'week' | 'month';
        tz?:
          | 'UTC'
          | 'Africa/Abidjan'
          | 'Africa/Accra'
          | 'Africa/Addis_Ababa'
          | 'Africa/Algiers'
          | 'Africa/Asmera'
          | 'Africa/Bamako'
          | 'Africa/Bangui'
          | 'Africa/Banjul'
          | 'Africa/Bissau'
          | 'Africa/Blantyre'
          | 'Africa/Brazzaville'
          | 'Africa/Bujumbura'
          | 'Africa/Cairo'
          | 'Africa/Casablanca'
          | 'Africa/Ceuta'
          | 'Africa/Conakry'
          | 'Africa/Dakar'
          | 'Africa/Dar_es_Salaam'
          | 'Africa/Djibouti'
          | 'Africa/Douala'
          | 'Africa/El_Aaiun'
          | 'Africa/Freetown'
          | 'Africa/Gaborone'
          | 'Africa/Harare'
          | 'Africa/Johannesburg'
          | 'Africa/Juba'
          | 'Africa/Kampala'
          | 'Africa/Khartoum'
          | 'Africa/Kigali'
          | 'Africa/Kinshasa'
          | 'Africa/Lagos'
          | 'Africa/Libreville'
          | 'Africa/Lome'
          | 'Africa/Luanda'
          | 'Africa/Lubumbashi'
          | 'Africa/Lusaka'
          | 'Africa/Malabo'
          | 'Africa/Maputo'
          | 'Africa/Maseru'
          | 'Africa/Mbabane'
          | 'Africa/Mogadishu'
          | 'Africa/Monrovia'
          | 'Africa/Nairobi'
          | 'Africa/Ndjamena'
          | 'Africa/Niamey'
          | 'Africa/Nouakchott'
          | 'Africa/Ouagadougou'
          | 'Africa/Porto-Novo'
          | 'Africa/Sao_Tome'
          | 'Africa/Tripoli'
          | 'Africa/Tunis'
          | 'Africa/Windhoek'
          | 'America/Adak'
          | 'America/Anchorage'
          | 'America/Anguilla'
          | 'America/Antigua'
          | 'America/Araguaina'
          | 'America/Argentina/La_Rioja'
          | 'America/Argentina/Rio_Gallegos'
          | 'America/Argentina/Salta'
          | 'America/Argentina/San_Juan'
          | 'America/Argentina/San_Luis'
          | 'America/Argentina/Tucuman'
          | 'America/Argentina/Ushuaia'
          | 'America/Aruba'
          | 'America/Asuncion'
          | 'America/Bahia'
          | 'America/Bahia_Banderas'
          | 'America/Barbados'
          | 'America/Belem'
          | 'America/Belize'
          | 'America/Blanc-Sablon'
          | 'America/Boa_Vista'
          | 'America/Bogota'
          | 'America/Boise'
          | 'America/Buenos_Aires'
          | 'America/Cambridge_Bay'
          | 'America/Campo_Grande'
          | 'America/Cancun'
          | 'America/Caracas'
          | 'America/Catamarca'
          | 'America/Cayenne'
          | 'America/Cayman'
          | 'America/Chicago'
          | 'America/Chihuahua'
          | 'America/Ciudad_Juarez'
          | 'America/Coral_Harbour'
          | 'America/Cordoba'
          | 'America/Costa_Rica'
          | 'America/Coyhaique'
          | 'America/Creston'
          | 'America/Cuiaba'
          | 'America/Curacao'
          | 'America/Danmarkshavn'
          | 'America/Dawson'
          | 'America/Dawson_Creek'
          | 'America/Denver'
          | 'America/Detroit'
          | 'America/Dominica'
          | 'America/Edmonton'
          | 'America/Eirunepe'
          | 'America/El_Salvador'
          | 'America/Fort_Nelson'
          | 'America/Fortaleza'
          | 'America/Glace_Bay'
          | 'America/Godthab'
          | 'America/Goose_Bay'
          | 'America/Grand_Turk'
          | 'America/Grenada'
          | 'America/Guadeloupe'
          | 'America/Guatemala'
          | 'America/Guayaquil'
          | 'America/Guyana'
          | 'America/Halifax'
          | 'America/Havana'
          | 'America/Hermosillo'
          | 'America/Indiana/Knox'
          | 'America/Indiana/Marengo'
          | 'America/Indiana/Petersburg'
          | 'America/Indiana/Tell_City'
          | 'America/Indiana/Vevay'
          | 'America/Indiana/Vincennes'
          | 'America/Indiana/Winamac'
          | 'America/Indianapolis'
          | 'America/Inuvik'
          | 'America/Iqaluit'
          | 'America/Jamaica'
          | 'America/Jujuy'
          | 'America/Juneau'
          | 'America/Kentucky/Monticello'
          | 'America/Kralendijk'
          | 'America/La_Paz'
          | 'America/Lima'
          | 'America/Los_Angeles'
          | 'America/Louisville'
          | 'America/Lower_Princes'
          | 'America/Maceio'
          | 'America/Managua'
          | 'America/Manaus'
          | 'America/Marigot'
          | 'America/Martinique'
          | 'America/Matamoros'
          | 'America/Mazatlan'
          | 'America/Mendoza'
          | 'America/Menominee'
          | 'America/Merida'
          | 'America/Metlakatla'
          | 'America/Mexico_City'
          | 'America/Miquelon'
          | 'America/Moncton'
          | 'America/Monterrey'
          | 'America/Montevideo'
          | 'America/Montserrat'
          | 'America/Nassau'
          | 'America/New_York'
          | 'America/Nome'
          | 'America/Noronha'
          | 'America/North_Dakota/Beulah'
          | 'America/North_Dakota/Center'
          | 'America/North_Dakota/New_Salem'
          | 'America/Ojinaga'
          | 'America/Panama'
          | 'America/Paramaribo'
          | 'America/Phoenix'
          | 'America/Port-au-Prince'
          | 'America/Port_of_Spain'
          | 'America/Porto_Velho'
          | 'America/Puerto_Rico'
          | 'America/Punta_Arenas'
          | 'America/Rankin_Inlet'
          | 'America/Recife'
          | 'America/Regina'
          | 'America/Resolute'
          | 'America/Rio_Branco'
          | 'America/Santarem'
          | 'America/Santiago'
          | 'America/Santo_Domingo'
          | 'America/Sao_Paulo'
          | 'America/Scoresbysund'
          | 'America/Sitka'
          | 'America/St_Barthelemy'
          | 'America/St_Johns'
          | 'America/St_Kitts'
          | 'America/St_Lucia'
          | 'America/St_Thomas'
          | 'America/St_Vincent'
          | 'America/Swift_Current'
          | 'America/Tegucigalpa'
          | 'America/Thule'
          | 'America/Tijuana'
          | 'America/Toronto'
          | 'America/Tortola'
          | 'America/Vancouver'
          | 'America/Whitehorse'
          | 'America/Winnipeg'
          | 'America/Yakutat'
          | 'Antarctica/Casey'
          | 'Antarctica/Davis'
          | 'Antarctica/DumontDUrville'
          | 'Antarctica/Macquarie'
          | 'Antarctica/Mawson'
          | 'Antarctica/McMurdo'
          | 'Antarctica/Palmer'
          | 'Antarctica/Rothera'
          | 'Antarctica/Syowa'
          | 'Antarctica/Troll'
          | 'Antarctica/Vostok'
          | 'Arctic/Longyearbyen'
          | 'Asia/Aden'
          | 'Asia/Almaty'
          | 'Asia/Amman'
          | 'Asia/Anadyr'
          | 'Asia/Aqtau'
          | 'Asia/Aqtobe'
          | 'Asia/Ashgabat'
          | 'Asia/Atyrau'
          | 'Asia/Baghdad'
          | 'Asia/Bahrain'
          | 'Asia/Baku'
          | 'Asia/Bangkok'
          | 'Asia/Barnaul'
          | 'Asia/Beirut'
          | 'Asia/Bishkek'
          | 'Asia/Brunei'
          | 'Asia/Calcutta'
          | 'Asia/Chita'
          | 'Asia/Colombo'
          | 'Asia/Damascus'
          | 'Asia/Dhaka'
          | 'Asia/Dili'
          | 'Asia/Dubai'
          | 'Asia/Dushanbe'
          | 'Asia/Famagusta'
          | 'Asia/Gaza'
          | 'Asia/Hebron'
          | 'Asia/Hong_Kong'
          | 'Asia/Hovd'
          | 'Asia/Irkutsk'
          | 'Asia/Jakarta'
          | 'Asia/Jayapura'
          | 'Asia/Jerusalem'
          | 'Asia/Kabul'
          | 'Asia/Kamchatka'
          | 'Asia/Karachi'
          | 'Asia/Katmandu'
          | 'Asia/Khandyga'
          | 'Asia/Krasnoyarsk'
          | 'Asia/Kuala_Lumpur'
          | 'Asia/Kuching'
          | 'Asia/Kuwait'
          | 'Asia/Macau'
          | 'Asia/Magadan'
          | 'Asia/Makassar'
          | 'Asia/Manila'
          | 'Asia/Muscat'
          | 'Asia/Nicosia'
          | 'Asia/Novokuznetsk'
          | 'Asia/Novosibirsk'
          | 'Asia/Omsk'
          | 'Asia/Oral'
          | 'Asia/Phnom_Penh'
          | 'Asia/Pontianak'
          | 'Asia/Pyongyang'
          | 'Asia/Qatar'
          | 'Asia/Qostanay'
          | 'Asia/Qyzylorda'
          | 'Asia/Rangoon'
          | 'Asia/Riyadh'
          | 'Asia/Saigon'
          | 'Asia/Sakhalin'
          | 'Asia/Samarkand'
          | 'Asia/Seoul'
          | 'Asia/Shanghai'
          | 'Asia/Singapore'
          | 'Asia/Srednekolymsk'
          | 'Asia/Taipei'
          | 'Asia/Tashkent'
          | 'Asia/Tbilisi'
          | 'Asia/Tehran'
          | 'Asia/Thimphu'
          | 'Asia/Tokyo'
          | 'Asia/Tomsk'
          | 'Asia/Ulaanbaatar'
          | 'Asia/Urumqi'
          | 'Asia/Ust-Nera'
          | 'Asia/Vientiane'
          | 'Asia/Vladivostok'
          | 'Asia/Yakutsk'
          | 'Asia/Yekaterinburg'
          | 'Asia/Yerevan'
          | 'Atlantic/Azores'
          | 'Atlantic/Bermuda'
          | 'Atlantic/Canary'
          | 'Atlantic/Cape_Verde'
          | 'Atlantic/Faeroe'
          | 'Atlantic/Madeira'
          | 'Atlantic/Reykjavik'
          | 'Atlantic/South_Georgia'
          | 'Atlantic/St_Helena'
          | 'Atlantic/Stanley'
          | 'Australia/Adelaide'
          | 'Australia/Brisbane'
          | 'Australia/Broken_Hill'
          | 'Australia/Darwin'
          | 'Australia/Eucla'
          | 'Australia/Hobart'
          | 'Australia/Lindeman'
          | 'Australia/Lord_Howe'
          | 'Australia/Melbourne'
          | 'Australia/Perth'
          | 'Australia/Sydney'
          | 'Europe/Amsterdam'
          | 'Europe/Andorra'
          | 'Europe/Astrakhan'
          | 'Europe/Athens'
          | 'Europe/Belgrade'
          | 'Europe/Berlin'
          | 'Europe/Bratislava'
          | 'Europe/Brussels'
          | 'Europe/Bucharest'
          | 'Europe/Budapest'
          | 'Europe/Busingen'
          | 'Europe/Chisinau'
          | 'Europe/Copenhagen'
          | 'Europe/Dublin'
          | 'Europe/Gibraltar'
          | 'Europe/Guernsey'
          | 'Europe/Helsinki'
          | 'Europe/Isle_of_Man'
          | 'Europe/Istanbul'
          | 'Europe/Jersey'
          | 'Europe/Kaliningrad'
          | 'Europe/Kiev'
          | 'Europe/Kirov'
          | 'Europe/Lisbon'
          | 'Europe/Ljubljana'
          | 'Europe/London'
          | 'Europe/Luxembourg'
          | 'Europe/Madrid'
          | 'Europe/Malta'
          | 'Europe/Mariehamn'
          | 'Europe/Minsk'
          | 'Europe/Monaco'
          | 'Europe/Moscow'
          | 'Europe/Oslo'
          | 'Europe/Paris'
          | 'Europe/Podgorica'
          | 'Europe/Prague'
          | 'Europe/Riga'
          | 'Europe/Rome'
          | 'Europe/Samara'
          | 'Europe/San_Marino'
          | 'Europe/Sarajevo'
          | 'Europe/Saratov'
          | 'Europe/Simferopol'
          | 'Europe/Skopje'
          | 'Europe/Sofia'
          | 'Europe/Stockholm'
          | 'Europe/Tallinn'
          | 'Europe/Tirane'
          | 'Europe/Ulyanovsk'
          | 'Europe/Vaduz'
          | 'Europe/Vatican'
          | 'Europe/Vienna'
          | 'Europe/Vilnius'
          | 'Europe/Volgograd'
          | 'Europe/Warsaw'
          | 'Europe/Zagreb'
          | 'Europe/Zurich'
          | 'Indian/Antananarivo'
          | 'Indian/Chagos'
          | 'Indian/Christmas'
          | 'Indian/Cocos'
          | 'Indian/Comoro'
          | 'Indian/Kerguelen'
          | 'Indian/Mahe'
          | 'Indian/Maldives'
          | 'Indian/Mauritius'
          | 'Indian/Mayotte'
          | 'Indian/Reunion'
          | 'Pacific/Apia'
          | 'Pacific/Auckland'
          | 'Pacific/Bougainville'
          | 'Pacific/Chatham'
          | 'Pacific/Easter'
          | 'Pacific/Efate'
          | 'Pacific/Enderbury'
          | 'Pacific/Fakaofo'
          | 'Pacific/Fiji'
          | 'Pacific/Funafuti'
          | 'Pacific/Galapagos'
          | 'Pacific/Gambier'
          | 'Pacific/Guadalcanal'
          | 'Pacific/Guam'
          | 'Pacific/Honolulu'
          | 'Pacific/Kiritimati'
          | 'Pacific/Kosrae'
          | 'Pacific/Kwajalein'
          | 'Pacific/Majuro'
          | 'Pacific/Marquesas'
          | 'Pacific/Midway'
          | 'Pacific/Nauru'
          | 'Pacific/Niue'
          | 'Pacific/Norfolk'
          | 'Pacific/Noumea'
          | 'Pacific/Pago_Pago'
          | 'Pacific/Palau'
          | 'Pacific/Pitcairn'
          | 'Pacific/Ponape'
          | 'Pacific/Port_Moresby'
          | 'Pacific/Rarotonga'
          | 'Pacific/Saipan'
          | 'Pacific/Tahiti'
          | 'Pacific/Tarawa'
          | 'Pacific/Tongatapu'
          | 'Pacific/Truk'
          | 'Pacific/Wake'
          | 'Pacific/Wallis';
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            browserStats?: {
              count: number;
              name: string;
              percentage: number;
            }[];
            dailySubmissionRate: number;
            last24HoursSubmissions: number;
            locationStats?: {
              count: number;
              name: string;
              percentage: number;
            }[];
            peakSubmissionHour?: number;
            /** @enum {string} */
            plan: 'STANDARD' | 'PRO';
            /** @enum {string} */
            timeRange: 'day' | 'week' | 'month';
            timeSeriesData: {
              start: string;
              submissions: number;
              time: string;
            }[];
            totalSubmissions: number;
            weekOverWeekGrowth?: number;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-listIntegrations': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            integrations: {
              createdAt: string;
              enabled: boolean;
              formId: string;
              id: string;
              /** @enum {string} */
              type: 'slack' | 'discord' | 'teams';
              updatedAt: string;
              /** @description Masked: scheme, host and first path segment, then `…`. */
              url: string;
            }[];
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-createIntegration': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json':
          | {
              /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
              apiKey?: string;
              /** @constant */
              type: 'slack';
              /** @description The platform's incoming-webhook URL: hooks.slack.com, discord.com / discordapp.com, or a Teams Workflows host. A secret: shown masked after creation. */
              url: string;
            }
          | {
              /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
              apiKey?: string;
              /** @constant */
              type: 'discord';
              /** @description The platform's incoming-webhook URL: hooks.slack.com, discord.com / discordapp.com, or a Teams Workflows host. A secret: shown masked after creation. */
              url: string;
            }
          | {
              /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
              apiKey?: string;
              /** @constant */
              type: 'teams';
              /** @description The platform's incoming-webhook URL: hooks.slack.com, discord.com / discordapp.com, or a Teams Workflows host. A secret: shown masked after creation. */
              url: string;
            };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            createdAt: string;
            enabled: boolean;
            formId: string;
            id: string;
            /** @enum {string} */
            type: 'slack' | 'discord' | 'teams';
            updatedAt: string;
            /** @description Masked: scheme, host and first path segment, then `…`. */
            url: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-deleteIntegration': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
        integrationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted (no body) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-testIntegration': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
        integrationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
        };
      };
    };
    responses: {
      /** @description Sent; the attempt as logged */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            attempt: number;
            createdAt: string;
            durationMs: number;
            endpointId: string;
            error: string | null;
            event: string;
            httpStatus: number | null;
            id: string;
            responseBody: string | null;
            /** @enum {string} */
            status: 'success' | 'failed';
            submissionId: string | null;
            test: boolean;
            url: string;
            webhookId: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-listRecipients': {
    parameters: {
      query?: {
        apiKey?: string;
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            nextCursor: string | null;
            recipients: {
              confirmedAt: string | null;
              createdAt: string;
              email: string;
              id: string;
              linkExpiresAt: string | null;
              linkSentAt: string | null;
              /** @enum {string} */
              status: 'pending' | 'confirmed';
            }[];
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-addRecipient': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      /** @description Added, pending its confirmation */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            confirmedAt: string | null;
            createdAt: string;
            email: string;
            id: string;
            linkExpiresAt: string | null;
            linkSentAt: string | null;
            /** @enum {string} */
            status: 'pending' | 'confirmed';
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description A submission with this email already exists for this form */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.CONFLICT'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-removeRecipient': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed (no body) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            /** @constant */
            removed: true;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-resendRecipientLink': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
        recipientId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
        };
      };
    };
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            confirmedAt: string | null;
            createdAt: string;
            email: string;
            id: string;
            linkExpiresAt: string | null;
            linkSentAt: string | null;
            /** @enum {string} */
            status: 'pending' | 'confirmed';
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description A submission with this email already exists for this form */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.CONFLICT'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-listSubmissions': {
    parameters: {
      query?: {
        apiKey?: string;
        cursor?: string;
        email?: string;
        endDate?: string | unknown | unknown;
        limit?: number;
        startDate?: string | unknown | unknown;
        status?: 'inbox' | 'spam';
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            nextCursor: string | null;
            submissions: components['schemas']['Submission'][];
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-getSubmission': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
        submissionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Submission'];
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-deleteSubmission': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
        submissionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Deleted (no body) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            deleted: true;
            id: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-setSubmissionStatus': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
        submissionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
          /** @enum {string} */
          status: 'inbox' | 'spam';
        };
      };
    };
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Submission'];
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description A submission with this email already exists for this form */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.CONFLICT'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-submissions-downloadFile': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        fileId: string;
        formId: string;
        submissionId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The file */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/octet-stream': string;
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing scope, a form of another user, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description User, form or file not found (`File not found`) */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
    };
  };
  'v1-submissions-exportCsv': {
    parameters: {
      query?: {
        email?: string;
        endDate?: string | unknown | unknown;
        startDate?: string | unknown | unknown;
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The CSV file */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing scope, a form of another user, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description User or form not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
    };
  };
  'v1-getUsersJoined': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            count: number;
            formId: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-listWebhooks': {
    parameters: {
      query?: {
        apiKey?: string;
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            nextCursor: string | null;
            webhooks: {
              createdAt: string;
              description: string;
              enabled: boolean;
              events: string[];
              formId: string;
              headers: {
                name: string;
                value: string;
              }[];
              id: string;
              previousSecretExpiresAt: string | null;
              updatedAt: string;
              url: string;
            }[];
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-createWebhook': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
          description?: string;
          enabled?: boolean;
          /** @description Subscribed events; `form.submission.created` is the only one. */
          events?: 'form.submission.created'[];
          /** @description Sent with every delivery; header names must be unique (case-insensitive). Reserved (400): connection, keep-alive, proxy-authenticate, proxy-authorization, proxy-connection, te, trailer, transfer-encoding, upgrade, host, content-length, content-type, content-encoding, expect, x-service-signature and any name starting with `webhook-`. */
          headers?: {
            name: string;
            value: string;
          }[];
          /** Format: uri */
          url: string;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            createdAt: string;
            description: string;
            enabled: boolean;
            events: string[];
            formId: string;
            headers: {
              name: string;
              value: string;
            }[];
            id: string;
            previousSecretExpiresAt: string | null;
            /** @description Signing secret (`whsec_` + base64); shown only here. */
            secret: string;
            updatedAt: string;
            url: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-getWebhook': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            createdAt: string;
            description: string;
            enabled: boolean;
            events: string[];
            formId: string;
            headers: {
              name: string;
              value: string;
            }[];
            id: string;
            previousSecretExpiresAt: string | null;
            updatedAt: string;
            url: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-deleteWebhook': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        formId: string;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            deleted: true;
            id: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-updateWebhook': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
          description?: string;
          enabled?: boolean;
          /** @description Subscribed events; `form.submission.created` is the only one. */
          events?: 'form.submission.created'[];
          /** @description Sent with every delivery; header names must be unique (case-insensitive). Reserved (400): connection, keep-alive, proxy-authenticate, proxy-authorization, proxy-connection, te, trailer, transfer-encoding, upgrade, host, content-length, content-type, content-encoding, expect, x-service-signature and any name starting with `webhook-`. */
          headers?: {
            name: string;
            value: string;
          }[];
          /** Format: uri */
          url?: string;
        };
      };
    };
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            createdAt: string;
            description: string;
            enabled: boolean;
            events: string[];
            formId: string;
            headers: {
              name: string;
              value: string;
            }[];
            id: string;
            previousSecretExpiresAt: string | null;
            updatedAt: string;
            url: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-listWebhookDeliveries': {
    parameters: {
      query?: {
        apiKey?: string;
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path: {
        formId: string;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            deliveries: {
              attempt: number;
              createdAt: string;
              durationMs: number;
              endpointId: string;
              error: string | null;
              event: string;
              httpStatus: number | null;
              id: string;
              responseBody: string | null;
              /** @enum {string} */
              status: 'success' | 'failed';
              submissionId: string | null;
              test: boolean;
              url: string;
              webhookId: string;
            }[];
            nextCursor: string | null;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-redeliverWebhook': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        deliveryId: string;
        formId: string;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
        };
      };
    };
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            attempt: number;
            createdAt: string;
            durationMs: number;
            endpointId: string;
            error: string | null;
            event: string;
            httpStatus: number | null;
            id: string;
            responseBody: string | null;
            /** @enum {string} */
            status: 'success' | 'failed';
            submissionId: string | null;
            test: boolean;
            url: string;
            webhookId: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-rotateWebhookSecret': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
        };
      };
    };
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            createdAt: string;
            description: string;
            enabled: boolean;
            events: string[];
            formId: string;
            headers: {
              name: string;
              value: string;
            }[];
            id: string;
            previousSecretExpiresAt: string | null;
            /** @description Signing secret (`whsec_` + base64); shown only here. */
            secret: string;
            updatedAt: string;
            url: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-sendTestWebhook': {
    parameters: {
      query?: never;
      header?: never;
      path: {
        formId: string;
        webhookId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
        };
      };
    };
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            attempt: number;
            createdAt: string;
            durationMs: number;
            endpointId: string;
            error: string | null;
            event: string;
            httpStatus: number | null;
            id: string;
            responseBody: string | null;
            /** @enum {string} */
            status: 'success' | 'failed';
            submissionId: string | null;
            test: boolean;
            url: string;
            webhookId: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-listForms': {
    parameters: {
      query?: {
        apiKey?: string;
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            forms: components['schemas']['FormListItem'][];
            nextCursor: string | null;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-submitForm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          data: {
            [key: string]: unknown;
          };
          formId: string;
          redirectUrl?: string | null;
        };
      };
    };
    responses: {
      /** @description Created */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            message: 'Form submitted successfully';
            redirect: {
              allowed: boolean;
              reason?: string;
              url: string;
            };
            submissionId: string;
            /** @constant */
            success: true;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description A submission with this email already exists for this form */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.CONFLICT'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-createHook': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Legacy key passing (deprecated; prefer the X-API-Key header). */
          apiKey?: string;
          /** @constant */
          event: 'form.submission.created';
          /** @description The form to follow; without it, every form of the workspace. */
          formId?: string;
          /**
           * Format: uri
           * @description Where each event is POSTed (the platform’s hook URL).
           */
          targetUrl: string;
        };
      };
    };
    responses: {
      /** @description Subscribed */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-deleteHook': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Unsubscribed (no body) */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': unknown;
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description Request body is too large (at most 100 KB) */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.PAYLOAD_TOO_LARGE'];
        };
      };
      /** @description The body is not application/json */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNSUPPORTED_MEDIA_TYPE'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'system-getStatus': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @constant */
            name: 'Formwell';
            /** @constant */
            status: 'ok';
            version: string;
          };
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'v1-getWorkspace': {
    parameters: {
      query?: {
        apiKey?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Successful response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            /** @enum {string} */
            plan: 'FREE' | 'STANDARD' | 'PRO';
            quotaLimit: number;
            usage: {
              month: string;
              storageBytes: number;
              submissions: number;
            };
          };
        };
      };
      /** @description Invalid parameters */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.BAD_REQUEST'];
        };
      };
      /** @description Missing, unknown or revoked API key */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.UNAUTHORIZED'];
        };
      };
      /** @description Insufficient scope, or a key restricted to other forms or origins */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.FORBIDDEN'];
        };
      };
      /** @description User not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.NOT_FOUND'];
        };
      };
      /** @description This server does not answer to this host name (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST */
      421: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.MISDIRECTED_REQUEST'];
        };
      };
      /** @description Rate limit exceeded, or too many unknown or revoked keys from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.TOO_MANY_REQUESTS'];
        };
      };
      /** @description Internal server error */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['error.INTERNAL_SERVER_ERROR'];
        };
      };
    };
  };
  'webhook-submissionCreated': {
    parameters: {
      query?: never;
      header: {
        /** @description `Formwell-Webhooks/1`. */
        'user-agent': string;
        /** @description Message id, the same on every retry and redelivery: use it to drop duplicates. */
        'webhook-id': string;
        /** @description Space-separated `v1,<base64>` signatures. */
        'webhook-signature': string;
        /** @description Unix seconds of this attempt. */
        'webhook-timestamp': string;
        /** @description Hex HMAC-SHA256 of the raw body with the current secret. */
        'x-service-signature': string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          data: {
            fields: {
              [key: string]: unknown;
            };
            formId: string;
            submissionId: string;
          };
          /** @constant */
          event: 'form.submission.created';
          /** Format: date-time */
          timestamp: string;
        };
      };
    };
    responses: {
      /** @description Received; any other answer or none within 10 seconds is retried. */
      '2XX': {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
    };
  };
}
