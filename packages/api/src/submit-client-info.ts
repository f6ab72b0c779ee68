import type { TClientInfo, TCoreConfig } from '@formwell/core';

import type { ApiRequest } from './context.js';

/** What a submit stores about its sender (browser, country): read from the request the same way on every face. */
export function submitClientInfo(
  req: ApiRequest,
  config: Pick<TCoreConfig, 'trustedCountryHeader'>,
): TClientInfo {
  const header = config.trustedCountryHeader;

  return {
    userAgent: req.headers['user-agent'] ?? null,
    acceptLanguage: req.headers['accept-language'] ?? null,
    trustedCountryCode: header ? firstHeader(req.headers[header]) : null,
    // Fastify's request.ip: the forwarded client address when TRUST_PROXY trusts the proxy.
    ip: req.ip,
  };
}

function firstHeader(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
