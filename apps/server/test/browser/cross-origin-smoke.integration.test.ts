import type { AddressInfo } from 'node:net';

import { expect, test } from 'vitest';

import { launchChromium, serveCustomerSite } from '../helpers/browser.js';
import { buildTestApp } from '../helpers/build-test-app.js';

// The browser tests' footing: a page on another origin reaches the server through real Chromium,
// and the browser enforces CORS (a request the server does not allow is unreadable to the page).
test('a customer page in Chromium reads a public endpoint of the server from another origin', async () => {
  const { app } = await buildTestApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  const apiOrigin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const site = await serveCustomerSite({ '/': '<!doctype html><title>customer</title>' });
  const page = await (await launchChromium()).newPage();
  await page.goto(`${site.origin}/`);

  const answer = await page.evaluate(async (url) => {
    const response = await fetch(url, { mode: 'cors' });

    return { status: response.status, body: await response.json() };
  }, `${apiOrigin}/api/v1/status`);

  expect(page.url()).toBe(`${site.origin}/`);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({ status: 'ok', name: 'Formwell' });
});
