// Generated from the Formwell OpenAPI document by scripts/generate-types.ts; do not edit.
// Regenerate with `pnpm --filter @formwell/client generate`.
export interface paths {
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
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
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
  '/forms/{formId}/submissions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * List submissions
     * @description Newest first, with optional inclusive `startDate`/`endDate` (ISO dates) and exact `email` filters. Scope `submissions:read`; rate-limited per key and form.
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
}
export type webhooks = Record<string, never>;
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
      submissionCount: number;
      title: string;
      updatedAt: string;
      usersJoinedSettings: {
        count: number;
        enabled: boolean;
      } | null;
    };
    FormField: {
      displayMode?: string;
      id: string;
      label: string;
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
        timeRange?: string;
        tz?: string;
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
        endDate?: string;
        limit?: number;
        startDate?: string;
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
  'v1-submissions-exportCsv': {
    parameters: {
      query?: {
        email?: string;
        endDate?: string;
        startDate?: string;
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
          headers?: {
            name: string;
            value: string;
          }[];
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
          headers?: {
            name: string;
            value: string;
          }[];
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
}
