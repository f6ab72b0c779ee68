import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, expect, test } from 'vitest';

import type { TResolveHost } from './guarded-lookup.js';
import { postWebhook } from './post-webhook.js';

// A real receiver on loopback: the private target a rebinding name tries to reach.
const received: string[] = [];
const server = createServer((req, res) => {
  received.push(req.url ?? '');
  res.end('reached');
});
let port = 0;

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A name server whose answer changes after the first question: public first, then `later`. */
function rebindingResolver(first: string, later: string) {
  const questions: string[] = [];
  const resolve: TResolveHost = (hostname) => {
    questions.push(hostname);
    const address = questions.length === 1 ? first : later;

    return Promise.resolve([{ address, family: address.includes(':') ? 6 : 4 }]);
  };

  return { resolve, questions };
}

test('a name that answers a public address at the check and loopback afterwards never reaches loopback', async () => {
  // A public address (Cloudflare's resolver over IPv6) first, the local receiver on every later question.
  const dns = rebindingResolver('2606:4700:4700::1111', '127.0.0.1');
  const result = await postWebhook({
    url: `http://rebind.example:${port}/hook`,
    body: '{}',
    headers: {},
    // Whatever the public address does with the request, the attempt ends within this bound.
    timeoutMs: 3_000,
    allowPrivateTargets: false,
    resolveHost: dns.resolve,
  });

  // Resolved once, and the connection went to that checked answer, not to a second resolution.
  expect(dns.questions).toEqual(['rebind.example']);
  expect(received).toEqual([]);
  expect(result.ok).toBe(false);
  expect(result.responseBody).not.toBe('reached');
  expect(result.error ?? '').not.toContain('127.0.0.1');
});

test('a name that answers loopback at the check is refused before any connection', async () => {
  const dns = rebindingResolver('127.0.0.1', '2606:4700:4700::1111');
  const result = await postWebhook({
    url: `http://rebind.example:${port}/hook`,
    body: '{}',
    headers: {},
    timeoutMs: 3_000,
    allowPrivateTargets: false,
    resolveHost: dns.resolve,
  });

  expect(result).toMatchObject({ ok: false, httpStatus: null });
  expect(result.error).toBe(
    'refused: rebind.example resolves to a private, loopback, link-local or reserved address',
  );
  expect(dns.questions).toEqual(['rebind.example']);
  expect(received).toEqual([]);
});

test('control: the loopback receiver does answer, so the silence above is the guard at work', async () => {
  const result = await postWebhook({
    url: `http://127.0.0.1:${port}/hook`,
    body: '{}',
    headers: {},
    timeoutMs: 3_000,
    allowPrivateTargets: true,
  });
  expect(result).toMatchObject({ ok: true, httpStatus: 200, responseBody: 'reached' });
  expect(received).toEqual(['/hook']);
});
