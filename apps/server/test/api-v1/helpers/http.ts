import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

export type KeyedRequest = Omit<InjectOptions, 'headers'> & {
  key?: string;
  headers?: Record<string, string>;
};

/** `app.inject` with the key in X-API-Key (the recommended way) unless the test says otherwise. */
export function call(
  app: FastifyInstance,
  { key, headers = {}, ...options }: KeyedRequest,
): Promise<LightMyRequestResponse> {
  return app.inject({ ...options, headers: { ...(key ? { 'x-api-key': key } : {}), ...headers } });
}

/** The JSON body of an error response, typed loosely for exact `toEqual` checks. */
export function errorBody(response: LightMyRequestResponse): Record<string, unknown> {
  return response.json<Record<string, unknown>>();
}
