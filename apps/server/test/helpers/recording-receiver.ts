import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TReceivedRequest = { path: string; headers: IncomingHttpHeaders; body: string };

export type TRecordingReceiver = {
  /** Where to point a webhook endpoint. */
  url: string;
  /** Every request received so far, in arrival order. */
  received: TReceivedRequest[];
  close: () => Promise<void>;
};

/** A webhook receiver on 127.0.0.1 that records every request and answers `status`. */
export async function startRecordingReceiver(status = 200): Promise<TRecordingReceiver> {
  const received: TReceivedRequest[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.statusCode = status;
      res.end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
