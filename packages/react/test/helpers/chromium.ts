import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { chromium, type Browser } from 'playwright-core';
import { afterEach } from 'vitest';

// Debian's Chromium (playwright-core cannot download its own here), kept off any network.
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
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

export async function launchChromium(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  openBrowsers.push(browser);

  return browser;
}

/**
 * The customer's site: one HTML page on `localhost` (another site and origin than the API on
 * 127.0.0.1). `port` fixes the origin before the page exists, since the embed key names it.
 */
export async function serveSite(port = 0): Promise<{ origin: string; setPage: (html: string) => void }> {
  let page = '';
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(page);
  });
  await new Promise<void>((resolve) => server.listen(port, 'localhost', resolve));
  openServers.push(server);

  return {
    origin: `http://localhost:${(server.address() as AddressInfo).port}`,
    setPage: (html) => {
      page = html;
    },
  };
}
