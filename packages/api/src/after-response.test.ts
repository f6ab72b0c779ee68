import { once } from 'node:events';
import { createServer, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

import { expect, test } from 'vitest';

import { afterResponse } from './after-response.js';
import type { ApiResponse } from './context.js';

const logger = { warn: () => undefined };

/** A real HTTP exchange: `handle` gets the server's response; the client hangs up first if asked. */
async function exchange(hangUpFirst: boolean, handle: (res: ServerResponse) => void): Promise<void> {
  let wasHandled!: () => void;
  const handled = new Promise<void>((resolve) => (wasHandled = resolve));
  const server = createServer((_req, res) => {
    if (!hangUpFirst) {
      handle(res);
      res.end('ok');
      return;
    }
    // The client is gone before the server gets to answer, as when a submitter closes the tab
    // while the submission is being stored.
    res.once('close', () => {
      handle(res);
      wasHandled();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  const client = request({ port, host: '127.0.0.1', path: '/' });
  client.on('error', () => undefined);
  client.end();
  if (hangUpFirst) {
    // Hang up as soon as the request reached the server, and wait until the server saw it go.
    await once(server, 'request');
    client.destroy();
    await handled;
  } else {
    const [response] = (await once(client, 'response')) as [NodeJS.ReadableStream];
    response.resume();
  }
  return new Promise((resolve) => server.close(() => resolve()));
}

test('work after the response runs once the answer was sent', async () => {
  let ran!: () => void;
  const done = new Promise<void>((resolve) => (ran = resolve));
  await exchange(false, (res) =>
    afterResponse({ raw: res } as unknown as ApiResponse, logger, 'test', () => Promise.resolve(ran())),
  );
  await done;
});

test('work after the response still runs when the client hung up before the answer', async () => {
  let ran!: () => void;
  const done = new Promise<void>((resolve) => (ran = resolve));
  await exchange(true, (res) => {
    expect(res.writableFinished).toBe(false);
    afterResponse({ raw: res } as unknown as ApiResponse, logger, 'test', () => Promise.resolve(ran()));
  });
  await done;
});
