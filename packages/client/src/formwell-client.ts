import { createFormwellApi, unwrap, type FormwellApi, type FormwellClientOptions } from './client.js';
import type { paths } from './generated/openapi.js';
import { hasFiles, multipartSubmitBody, type TSubmitFiles } from './multipart-submit.js';

type TJsonBody<TOperation> = TOperation extends {
  requestBody?: { content: { 'application/json': infer TBody } };
}
  ? TBody
  : never;
type TQuery<TOperation> = TOperation extends { parameters: { query?: infer TParams } } ? TParams : never;

/** What `submit` sends: the form, its data, an optional redirect URL. */
export type TSubmitInput = TJsonBody<paths['/forms/submit']['post']>;
/** What `forms.create` sends: name, formType and optionally description, fields, settings, emailSettings. */
export type TCreateFormInput = TJsonBody<paths['/forms']['post']>;
/** What `forms.update` sends: any of the form's writable properties (those left out stay). */
export type TUpdateFormInput = TJsonBody<paths['/forms/{formId}']['patch']>;
export type TListFormsQuery = NonNullable<TQuery<paths['/forms/list']['get']>>;
export type TListSubmissionsQuery = Omit<
  NonNullable<TQuery<paths['/forms/{formId}/submissions']['get']>>,
  'apiKey'
>;
/** What `submissions.update` sends: the folder a submission goes to (`inbox` or `spam`). */
export type TUpdateSubmissionInput = TJsonBody<paths['/forms/{formId}/submissions/{submissionId}']['patch']>;
export type TAnalyticsQuery = Omit<NonNullable<TQuery<paths['/forms/{formId}/analytics']['get']>>, 'apiKey'>;

/**
 * The Formwell API as plain async methods: each returns the answer's data or throws a FormwellError
 * (status and error body). `api` is the raw typed client for anything else.
 */
export function createFormwellClient(options: FormwellClientOptions) {
  const api: FormwellApi = createFormwellApi(options);
  const form = (formId: string) => ({ path: { formId } });

  return {
    api,
    /**
     * Submits data to a form (scope `submissions:write`; an embed key works from its allowed
     * origins). With `files` it is sent as `multipart/form-data`, the files streamed to the form's
     * file fields; a file the field refuses answers 413 (too large) or 400 with `fieldErrors`.
     */
    submit: (input: TSubmitInput, { files }: { files?: TSubmitFiles } = {}) =>
      unwrap(
        api.POST('/forms/submit', {
          body: input,
          ...(hasFiles(files) ? { bodySerializer: () => multipartSubmitBody(input, files) } : {}),
        }),
      ),
    forms: {
      list: (query: TListFormsQuery = {}) => unwrap(api.GET('/forms/list', { params: { query } })),
      get: (formId: string) => unwrap(api.GET('/forms/{formId}', { params: form(formId) })),
      analytics: (formId: string, query: TAnalyticsQuery = {}) =>
        unwrap(api.GET('/forms/{formId}/analytics', { params: { ...form(formId), query } })),
      usersJoined: (formId: string) =>
        unwrap(api.GET('/forms/{formId}/users-joined', { params: form(formId) })),
      /** Scope `forms:write`; 403 `Form limit reached (N/N) for your plan` at the plan's limit. */
      create: (input: TCreateFormInput) => unwrap(api.POST('/forms', { body: input })),
      /**
       * Changes the properties sent (scope `forms:write`); `emailSettings` changes only its keys
       * sent, and turning an email switch on that the plan lacks is 403 naming the plan.
       */
      update: (formId: string, input: TUpdateFormInput) =>
        unwrap(api.PATCH('/forms/{formId}', { params: form(formId), body: input })),
      /** Deletes the form with its submissions and webhook endpoints (scope `forms:write`). */
      delete: async (formId: string): Promise<void> => {
        await unwrap(api.DELETE('/forms/{formId}', { params: form(formId) }));
      },
    },
    submissions: {
      list: (formId: string, query: TListSubmissionsQuery = {}) =>
        unwrap(api.GET('/forms/{formId}/submissions', { params: { ...form(formId), query } })),
      get: (formId: string, submissionId: string) =>
        unwrap(
          api.GET('/forms/{formId}/submissions/{submissionId}', {
            params: { path: { formId, submissionId } },
          }),
        ),
      /**
       * Moves a submission to the spam folder or back (scope `submissions:write`): "not spam" counts,
       * mails and delivers it once, like a new submission; 403 over the month's quota.
       */
      update: (formId: string, submissionId: string, input: TUpdateSubmissionInput) =>
        unwrap(
          api.PATCH('/forms/{formId}/submissions/{submissionId}', {
            params: { path: { formId, submissionId } },
            body: input,
          }),
        ),
      /** Scope `submissions:delete`, which keys made before it existed do not hold. */
      delete: async (formId: string, submissionId: string): Promise<void> => {
        await unwrap(
          api.DELETE('/forms/{formId}/submissions/{submissionId}', {
            params: { path: { formId, submissionId } },
          }),
        );
      },
    },
    workspace: {
      /** The key's workspace: plan, monthly quota and this UTC month's usage (any key may read it). */
      get: () => unwrap(api.GET('/workspace', {})),
    },
  };
}

export type FormwellClient = ReturnType<typeof createFormwellClient>;
