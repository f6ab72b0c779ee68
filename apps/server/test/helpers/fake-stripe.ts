import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it; `params` is the form-encoded body, keys as sent (`metadata[plan]`). */
type TStripeRequest = {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  params: Record<string, string>;
};

export type TFakeStripe = {
  /** The origin to put in STRIPE_API_BASE. */
  url: string;
  /** Every request received so far, in arrival order. */
  requests: TStripeRequest[];
  requestsTo: (path: string) => TStripeRequest[];
  /** The next `times` requests to `path` are answered `status` with Stripe's error body. */
  failNext: (path: string, status: number, times?: number) => void;
  close: () => Promise<void>;
};

type TObjectFactory = (id: number, params: Record<string, string>) => Record<string, unknown>;

function metadataOf(params: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(params).flatMap(([key, value]) => {
      const match = /^metadata\[(.+)\]$/.exec(key);

      return match?.[1] ? [[match[1], value]] : [];
    }),
  );
}

/** What each endpoint answers on success: the fields of Stripe's objects the service reads or tests check. */
const OBJECTS: Record<string, TObjectFactory> = {
  '/v1/customers': (id, params) => ({
    id: `cus_fake${id}`,
    object: 'customer',
    email: params.email ?? null,
    name: params.name ?? null,
    metadata: metadataOf(params),
  }),
  '/v1/checkout/sessions': (id, params) => ({
    id: `cs_test_fake${id}`,
    object: 'checkout.session',
    mode: params.mode,
    customer: params.customer ?? null,
    client_reference_id: params.client_reference_id ?? null,
    metadata: metadataOf(params),
    success_url: params.success_url,
    cancel_url: params.cancel_url,
    url: `https://checkout.stripe.test/c/pay/cs_test_fake${id}`,
  }),
  '/v1/billing_portal/sessions': (id, params) => ({
    id: `bps_fake${id}`,
    object: 'billing_portal.session',
    customer: params.customer,
    return_url: params.return_url ?? null,
    url: `https://billing.stripe.test/p/session/bps_fake${id}`,
  }),
};

function sendJson(res: ServerResponse, status: number, body: unknown, requestId: string) {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': requestId });
  res.end(JSON.stringify(body));
}

function stripeError(status: number) {
  return {
    error: {
      type: status >= 500 ? 'api_error' : 'invalid_request_error',
      code: status >= 500 ? undefined : 'resource_missing',
      message: `fake Stripe answered ${status}`,
    },
  };
}

/**
 * A local stand-in for the Stripe API on 127.0.0.1: the real `stripe` client talks to it over HTTP
 * (STRIPE_API_BASE), it checks the bearer key as Stripe does, records every request with its
 * decoded form body, and answers with objects shaped like Stripe's, or with a scripted failure.
 */
export async function startFakeStripe({ secretKey }: { secretKey: string }): Promise<TFakeStripe> {
  const requests: TStripeRequest[] = [];
  const failures = new Map<string, { status: number; remaining: number }>();
  const replies = new Map<string, Record<string, unknown>>();
  let nextId = 0;
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      const params = Object.fromEntries(new URLSearchParams(body));
      requests.push({ method: req.method ?? '', path, headers: req.headers, params });
      const requestId = `req_fake${(nextId += 1)}`;
      if (req.headers.authorization !== `Bearer ${secretKey}`) {
        sendJson(
          res,
          401,
          { error: { type: 'invalid_request_error', message: 'Invalid API Key' } },
          requestId,
        );

        return;
      }
      const failure = failures.get(path);
      if (failure && failure.remaining > 0) {
        failure.remaining -= 1;
        sendJson(res, failure.status, stripeError(failure.status), requestId);

        return;
      }
      const build = req.method === 'POST' ? OBJECTS[path] : undefined;
      if (!build) {
        sendJson(res, 404, stripeError(404), requestId);

        return;
      }
      // As Stripe does: a repeated idempotency key gets the first answer again, not a new object.
      const key = req.headers['idempotency-key'];
      const replayKey = typeof key === 'string' ? `${path} ${key}` : null;
      const object = (replayKey && replies.get(replayKey)) || build(nextId, params);
      if (replayKey) {
        replies.set(replayKey, object);
      }
      sendJson(res, 200, object, requestId);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    requestsTo: (path) => requests.filter((request) => request.path === path),
    failNext: (path, status, times = 1) => failures.set(path, { status, remaining: times }),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
