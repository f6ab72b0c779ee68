import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

type ReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

/** How the receiver answers its n-th request (0-based): write to `res`, or never answer. */
export type ReceiverBehaviour = (index: number, res: ServerResponse, request: ReceivedRequest) => void;

export type Receiver = {
  url: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
};

/** A real HTTP receiver on 127.0.0.1 recording every request it gets. */
export async function startReceiver(
  behaviour: ReceiverBehaviour = (_, res) => res.end('ok'),
): Promise<Receiver> {
  const requests: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const request = {
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(request);
      behaviour(requests.length - 1, res, request);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/hook`,
    requests,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `probe` until it returns a value (a condition, not a sleep, decides when the test goes on). */
export async function waitFor<T>(
  probe: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`condition not met within ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
