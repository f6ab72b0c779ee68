import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

import { platformSchemaErrors, type TPlatform } from '@formwell/vitest-config/platform-schemas';
import { onTestFinished } from 'vitest';

/**
 * A chat platform's incoming webhook stood in for on 127.0.0.1: it records each body and answers
 * 400 to one its platform's schema refuses (as the platforms do), 200 otherwise. Its URL has a
 * token in its last segment, as the platforms' URLs do. Closed when the test ends.
 */
export async function startPlatformReceiver(platform: TPlatform) {
  const bodies: unknown[] = [];
  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const body: unknown = JSON.parse(raw);
      bodies.push(body);
      res.statusCode = platformSchemaErrors(platform, body).length > 0 ? 400 : 200;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const { port } = server.address() as AddressInfo;

  return { url: `http://127.0.0.1:${port}/services/T1/B1/secret-token`, bodies };
}
