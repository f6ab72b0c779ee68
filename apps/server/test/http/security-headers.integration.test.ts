import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { describe, expect, test } from 'vitest';

import { createOwner } from '../api-v1/helpers/fixtures.js';
import { buildTestApp } from '../helpers/build-test-app.js';

/** The answers of every kind: nosniff everywhere, HSTS on https. */
function expectTransportHeaders(response: LightMyRequestResponse, { https }: { https: boolean }) {
  const where = `${response.statusCode} ${response.headers['content-type']}`;

  expect([where, response.headers['x-content-type-options']]).toEqual([where, 'nosniff']);
  expect([where, response.headers['strict-transport-security']]).toEqual([
    where,
    https ? 'max-age=31536000; includeSubDomains' : undefined,
  ]);
}

/** A JSON answer is never rendered: no CSP, no frame rule, no cross-origin or referrer policy. */
function expectJsonAnswerHeaders(response: LightMyRequestResponse, { https }: { https: boolean }) {
  const where = `${response.statusCode} ${response.headers['content-type']}`;

  expect(String(response.headers['content-type'])).toMatch(/^application\/json/);
  expectTransportHeaders(response, { https });
  const renderedOnly = Object.keys(response.headers).filter((name) =>
    /^(content-security-policy|x-frame-options|cross-origin-|referrer-policy|origin-agent-cluster|x-dns-prefetch|x-download-options|x-permitted|x-xss)/.test(
      name,
    ),
  );
  expect([where, renderedOnly]).toEqual([where, []]);
}

function expectSecurityHeaders(response: LightMyRequestResponse, { https }: { https: boolean }) {
  const csp = String(response.headers['content-security-policy']);
  const where = `${response.statusCode} ${response.headers['content-type']}`;

  expectTransportHeaders(response, { https });
  expect([where, response.headers['x-frame-options']]).toEqual([where, 'DENY']);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("script-src 'self';");
  expect(csp).toContain("connect-src 'self'");
  expect(csp).not.toMatch(/script-src [^;]*unsafe/);
  if (https) {
    expect(csp).toContain('upgrade-insecure-requests');
  } else {
    expect(csp).not.toContain('upgrade-insecure-requests');
  }
}

/**
 * JSON answers (an API success, API and framework errors, health) and rendered ones (the docs and
 * the thank-you page).
 */
async function sampleResponses(app: FastifyInstance) {
  const owner = await createOwner();
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers });

  const json = {
    apiSuccess: await get('/api/v1/forms/list', { 'x-api-key': owner.key }),
    apiError: await get('/api/v1/forms/list'),
    notFound: await get('/nope'),
    tooLarge: await app.inject({
      method: 'POST',
      url: '/trpc/auth.logIn',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(200 * 1024) }),
    }),
    trpcError: await get('/trpc/auth.me'),
    healthz: await get('/healthz'),
  };
  const rendered = { docs: await get('/docs'), thankYou: await get('/thank-you') };

  return { json, rendered };
}

async function expectHeadersByAnswer(app: FastifyInstance, { https }: { https: boolean }) {
  const { json, rendered } = await sampleResponses(app);

  expect([...Object.values(json), ...Object.values(rendered)].map((response) => response.statusCode)).toEqual(
    [200, 401, 404, 413, 401, 200, 200, 200],
  );
  for (const response of Object.values(json)) {
    expectJsonAnswerHeaders(response, { https });
  }
  for (const response of Object.values(rendered)) {
    expectSecurityHeaders(response, { https });
  }
}

describe('security headers by what an answer is', () => {
  test('plain-http install: nosniff everywhere; pages add no framing and a same-origin CSP; no HSTS', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    await expectHeadersByAnswer(app, { https: false });
  });

  test('https install: the same plus HSTS everywhere and upgrade-insecure-requests on pages', async () => {
    const { app } = await buildTestApp({ PUBLIC_URL: 'https://forms.example.com' });
    await expectHeadersByAnswer(app, { https: true });
  });

  test('the docs page runs under the CSP: only same-origin scripts and styles, no inline script, all served', async () => {
    const { app } = await buildTestApp();
    const page = await app.inject({ method: 'GET', url: '/docs' });
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    const styles = [...page.body.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
      (m) => m[1] ?? '',
    );
    const sources = scripts.map((match) => /src="([^"]+)"/.exec(match[1] ?? '')?.[1] ?? '');

    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.every((match) => (match[2] ?? '').trim() === '')).toBe(true); // no inline code
    expect(sources.every((src) => src !== '' && !/^(https?:)?\/\//.test(src))).toBe(true);
    expect(styles.every((href) => !/^(https?:)?\/\//.test(href))).toBe(true);
    for (const asset of [...sources, ...styles]) {
      const response = await app.inject({
        method: 'GET',
        url: new URL(asset, 'http://localhost/docs').pathname,
      });
      expect([asset, response.statusCode]).toEqual([asset, 200]);
    }
    // The initializer fetches the document from this origin (connect-src 'self').
    const initializer = await app.inject({ method: 'GET', url: '/docs/static/swagger-initializer.js' });
    expect(initializer.body).not.toMatch(/url: ["']https?:\/\//);
  });

  test('the thank-you page needs nothing beyond the CSP: inline styles are allowed, it has no script', async () => {
    const { app } = await buildTestApp();
    const page = await app.inject({ method: 'GET', url: '/thank-you' });

    expect(page.body).not.toContain('<script');
    expect(String(page.headers['content-security-policy'])).toContain("style-src 'self' 'unsafe-inline'");
  });
});
