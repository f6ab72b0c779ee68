import type { AddressInfo } from 'node:net';

import { listApiKeys } from '@formwell/core';
import { expect, test } from 'vitest';

import { createOwner } from '../api-v1/helpers/fixtures.js';
import { launchChromium, serveCustomerSite } from '../helpers/browser.js';
import { buildTestApp } from '../helpers/build-test-app.js';
import { responsesFromLog } from '../helpers/documented-statuses.js';

const PASSWORD = 'correct horse battery';

// The hard case: the server and the other page are both on `localhost`, another port. That is the
// same site, so SameSite=Lax does not keep the session cookie from being sent.
test('after logging in to the dashboard, a page on another origin of the same site cannot use the session cookie', async () => {
  const { app, logLines } = await buildTestApp();
  await app.listen({ port: 0, host: 'localhost' });
  const dashboardOrigin = `http://localhost:${(app.server.address() as AddressInfo).port}`;
  const owner = await createOwner();
  const site = await serveCustomerSite({ '/': '<!doctype html><title>another app</title>' });
  const page = await (await launchChromium()).newPage();

  // Logged in, from the dashboard's own origin (the session cookie lands in this browser).
  await page.goto(`${dashboardOrigin}/healthz`);
  const own = await page.evaluate(
    async ({ email, password }) => {
      const logIn = await fetch('/trpc/auth.logIn', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const me = await fetch('/trpc/auth.me');

      return { logIn: logIn.status, me: me.status };
    },
    { email: owner.email, password: PASSWORD },
  );
  expect(own).toEqual({ logIn: 200, me: 200 });
  const keysBefore = await listApiKeys({ userId: owner.userId });
  const answeredBefore = responsesFromLog(logLines).length;

  await page.goto(`${site.origin}/`);
  const crossOrigin = await page.evaluate(async (dashboard) => {
    const attempt = async (run: () => Promise<Response>) => {
      try {
        const response = await run();

        return { type: response.type, status: response.status };
      } catch (error) {
        return { failed: String(error) };
      }
    };
    const create = JSON.stringify({ name: 'planted by another origin' });

    return {
      // Credentialed reads and writes as a script would try them: blocked before the page sees anything.
      me: await attempt(() => fetch(`${dashboard}/trpc/auth.me`, { credentials: 'include' })),
      create: await attempt(() =>
        fetch(`${dashboard}/trpc/apiKeys.create`, {
          method: 'POST',
          credentials: 'include',
          headers: { 'Content-Type': 'application/json' },
          body: create,
        }),
      ),
      // Sent blind (no preflight; the page could never read the answer): it reaches the server.
      blind: await attempt(() =>
        fetch(`${dashboard}/trpc/apiKeys.create`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          body: create,
        }),
      ),
    };
  }, dashboardOrigin);

  expect(crossOrigin.me).toEqual({ failed: expect.stringContaining('Failed to fetch') as string });
  expect(crossOrigin.create).toEqual({ failed: expect.stringContaining('Failed to fetch') as string });
  // Opaque, or blocked outright by Chromium's opaque-response blocking: nothing readable either way.
  expect(crossOrigin.blind).not.toHaveProperty('status', 200);
  // What the server answered to the other origin: every request refused, the blind POST included.
  const answered = responsesFromLog(logLines).slice(answeredBefore);
  expect(answered).toContainEqual({ method: 'POST', url: '/trpc/apiKeys.create', status: 403 });
  expect(answered.filter((response) => response.status !== 403)).toEqual([]);
  expect(await listApiKeys({ userId: owner.userId })).toEqual(keysBefore);
});
