import { ErrorMessages, type TApiKeyScope, type TRateLimitName } from '@formwell/core';

import type { TApiKeySource } from './extract-api-key.js';

/** How one key-protected endpoint authenticates (key sources), limits (bucket) and authorises (scope). */
export type TApiKeyPolicy = {
  /** null: any key of the workspace may call it (reading the workspace itself needs no scope). */
  scope: TApiKeyScope | null;
  rateLimit: TRateLimitName;
  /** Bucket name; the identifier is `<bucket>_<keyId>` (+ `_<formId>` when per form). */
  bucket: string;
  /** Counted per key and form (form id from the path) rather than per key. */
  perForm: boolean;
  /**
   * The endpoint acts on one form (id in the path or body), so a key restricted to other forms is
   * refused; the forms list is not, and narrows its result to the key's forms instead.
   */
  formScoped: boolean;
  sources: readonly TApiKeySource[];
  /** The 401 text for an unknown or revoked key (users-joined words it differently). */
  invalidKeyMessage?: string;
};

const ALL_SOURCES: readonly TApiKeySource[] = ['header', 'bearer', 'query'];

export const apiKeyPolicies = {
  formsList: {
    scope: 'forms:read',
    rateLimit: 'formsList',
    bucket: 'api_v1_forms_list',
    perForm: false,
    formScoped: false,
    sources: ALL_SOURCES,
  },
  getForm: {
    scope: 'forms:read',
    rateLimit: 'getForm',
    bucket: 'api_v1_forms_get',
    perForm: true,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  usersJoined: {
    scope: 'forms:read',
    rateLimit: 'usersJoined',
    bucket: 'api_v1_forms_users_joined',
    perForm: true,
    formScoped: true,
    sources: ['header'],
    invalidKeyMessage: ErrorMessages.INVALID_API_KEY_SHORT,
  },
  // The CSV export shares the listing's bucket: exporting is listing, and must not double the limit.
  submissionsList: {
    scope: 'submissions:read',
    rateLimit: 'submissionsList',
    bucket: 'api_v1_forms_submissions',
    perForm: true,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  // Spam / not-spam marks: per key and form, with the listing's limit (a mark follows a look).
  submissionStatus: {
    scope: 'submissions:write',
    rateLimit: 'submissionsList',
    bucket: 'api_v1_forms_submission_status',
    perForm: true,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  submit: {
    scope: 'submissions:write',
    rateLimit: 'submit',
    bucket: 'api_v1_forms_submit',
    perForm: false,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  // Per key, not per form: one key managing the endpoints of all its forms is one client.
  webhooksManage: {
    scope: 'webhooks:manage',
    rateLimit: 'webhooksManage',
    bucket: 'api_v1_forms_webhooks',
    perForm: false,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  // Creating a form names no form yet; changing or deleting one does.
  formsCreate: {
    scope: 'forms:write',
    rateLimit: 'formsManage',
    bucket: 'api_v1_forms_manage',
    perForm: false,
    formScoped: false,
    sources: ALL_SOURCES,
  },
  formsManage: {
    scope: 'forms:write',
    rateLimit: 'formsManage',
    bucket: 'api_v1_forms_manage',
    perForm: false,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  // Deleting one submission counts in the listing's rule, per key and form, in a bucket of its own.
  submissionDelete: {
    scope: 'submissions:delete',
    rateLimit: 'submissionsList',
    bucket: 'api_v1_forms_submissions_delete',
    perForm: true,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  analytics: {
    scope: 'analytics:read',
    rateLimit: 'analytics',
    bucket: 'api_v1_forms_analytics',
    perForm: true,
    formScoped: true,
    sources: ALL_SOURCES,
  },
  // The workspace a key acts in: any key may read it, counted in the forms list's rule.
  workspace: {
    scope: null,
    rateLimit: 'formsList',
    bucket: 'api_v1_workspace',
    perForm: false,
    formScoped: false,
    sources: ALL_SOURCES,
  },
} as const satisfies Record<string, TApiKeyPolicy>;
