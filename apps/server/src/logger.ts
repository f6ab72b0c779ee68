import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

import { redactApiKeyFromUrl } from './http/redact-url.js';

/**
 * pino settings: JSON lines, level from LOG_LEVEL, request ids, and no secret in any line (the
 * legacy `?apiKey=` is cut from URLs; key, cookie and signature headers are never serialised).
 */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers["x-api-key"]',
        'req.headers.cookie',
        'password',
        '*.password',
      ],
      censor: '[REDACTED]',
    },
    serializers: {
      req(request: FastifyRequest) {
        return {
          method: request.method,
          url: redactApiKeyFromUrl(request.url),
          host: request.host,
          remoteAddress: request.ip,
        };
      },
    },
  };
}
