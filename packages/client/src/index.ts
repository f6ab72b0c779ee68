export { createFormwellClient } from './formwell-client.js';
export type {
  FormwellClient,
  TAnalyticsQuery,
  TCreateFormInput,
  TListFormsQuery,
  TListSubmissionsQuery,
  TSubmitInput,
  TUpdateFormInput,
  TUpdateSubmissionInput,
} from './formwell-client.js';
export { createFormwellApi, unwrap } from './client.js';
export type { TSubmitFiles } from './multipart-submit.js';
export type { FormwellApi, FormwellClientOptions } from './client.js';
export { FormwellError } from './errors.js';
export type { TFormwellErrorBody } from './errors.js';
export type { components, operations, paths, webhooks } from './generated/openapi.js';
