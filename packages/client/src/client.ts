import createClient, { type Client, type Middleware } from 'openapi-fetch';

import { FormwellError, toErrorBody } from './errors.js';
import type { paths } from './generated/openapi.js';

export type FormwellClientOptions = {
  /** The server's origin, e.g. `https://forms.example.com` (the client adds `/api/v1`). */
  baseUrl: string;
  /** An API key (`mk_live_…`): a full key on a server, an embed key in a browser. Sent as `X-API-Key`. */
  apiKey: string;
  /** Another fetch (tests, proxies, older runtimes); the global one by default. */
  fetch?: typeof globalThis.fetch;
  /** Headers added to every request. */
  headers?: Record<string, string>;
};

/** The raw typed client: `GET`, `POST`, … on every documented path, answering `{data, error, response}`. */
export type FormwellApi = Client<paths>;

/** An answer of the raw client, as openapi-fetch gives it. */
type TFetchResult<TData> = { data?: TData; error?: unknown; response: Response };

/** Returns the data of a 2xx answer, or throws a FormwellError carrying the status and error body. */
export async function unwrap<TData>(call: Promise<TFetchResult<TData>>): Promise<TData> {
  const { data, error, response } = await call;
  if (!response.ok) {
    throw new FormwellError(response.status, toErrorBody(response.status, error));
  }

  return data as TData;
}

/** The typed openapi-fetch client of `<baseUrl>/api/v1`, with the key on every request. */
export function createFormwellApi({ baseUrl, apiKey, fetch, headers }: FormwellClientOptions): FormwellApi {
  const api = createClient<paths>({
    baseUrl: `${baseUrl.replace(/\/+$/, '')}/api/v1`,
    ...(fetch ? { fetch } : {}),
    headers,
  });
  const authenticate: Middleware = {
    onRequest({ request }) {
      request.headers.set('X-API-Key', apiKey);

      return request;
    },
  };
  api.use(authenticate);

  return api;
}
