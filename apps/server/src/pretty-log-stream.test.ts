import { PassThrough } from 'node:stream';

import pino from 'pino';
import { describe, expect, test } from 'vitest';

import { prettyLogStream, wantsPrettyLogs } from './pretty-log-stream.js';

describe('prettyLogStream', () => {
  test('one line per request (its completion), other entries as their message; no JSON', async () => {
    const out = new PassThrough();
    let text = '';
    out.on('data', (chunk: Buffer) => (text += chunk.toString('utf8')));
    const logger = pino({ level: 'info' }, prettyLogStream(out));

    logger.info({ reqId: 'r1', req: { method: 'GET', url: '/api/v1/forms/list' } }, 'incoming request');
    logger.info({ reqId: 'r1', res: { statusCode: 200 }, responseTime: 3.14 }, 'request completed');
    logger.warn('webhook endpoint disabled');
    await new Promise((resolve) => setImmediate(resolve));

    const lines = text.trim().split('\n');
    // Colour codes are part of a terminal's line: compare the text without them.
    const plain = lines.map((line) =>
      line.replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), ''),
    );
    expect(plain).toEqual([
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] INFO: GET \/api\/v1\/forms\/list 200 3\.1 ms$/),
      expect.stringMatching(/^\[\d\d:\d\d:\d\d\] WARN: webhook endpoint disabled$/),
    ]);
  });

  test('pretty on a terminal unless LOG_FORMAT says otherwise', () => {
    expect([
      wantsPrettyLogs(undefined, true),
      wantsPrettyLogs(undefined, false),
      wantsPrettyLogs('json', true),
      wantsPrettyLogs('pretty', false),
    ]).toEqual([true, false, false, true]);
  });
});
