import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { chromium, type Browser } from 'playwright-core';
import { afterEach } from 'vitest';

import { chromiumPath } from './env.js';

/**
 * Debian's Chromium, driven by playwright-core (which cannot download its own browser on this
 * machine). The flags keep it off the network it cannot reach and out of any shared profile.
 */
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const openBrowsers: Browser[] = [];
const openServers: Server[] = [];

afterEach(async () => {
  for (const browser of openBrowsers.splice(0)) {
    await browser.close();
  }
  for (const server of openServers.splice(0)) {
    await new Promise((resolve) => server.close(resolve));
  }
});

/** A fresh headless Chromium (a new empty profile each time), closed after the test. */
export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: chromiumPath(),
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  openBrowsers.push(browser);
  // Playwright's own 30 s per action and navigation would make a test's outcome depend on the
  // machine's load; with no limit of their own, waits are bounded by the test's timeout only.
  // `newPage` opens its context through `newContext`, so both get it.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    context.setDefaultTimeout(0);

    return context;
  };

  return browser;
}

/**
 * A second local origin serving fixed HTML pages by path, standing in for a customer's website.
 * It listens on `localhost` (not 127.0.0.1) so it is another site as well as another origin from
 * the server under test, as a real customer page would be. `port` fixes its origin up front (a
 * form's allowed origins name it). Closed after the test.
 */
export async function serveCustomerSite(
  pages: Record<string, string>,
  port = 0,
): Promise<{ origin: string }> {
  const server = createServer((request, response) => {
    const page = pages[new URL(request.url ?? '/', 'http://localhost').pathname];
    response.writeHead(page === undefined ? 404 : 200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page ?? 'not found');
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  openServers.push(server);

  return { origin: `http://localhost:${(server.address() as AddressInfo).port}` };
}
