import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';

import { BlockedAddressError, createGuardedLookup, type TResolveHost } from './guarded-lookup.js';
import { isPublicAddress } from './is-public-address.js';

/** How much of a receiver's answer is kept in the delivery log. */
export const RESPONSE_EXCERPT_BYTES = 1024;

export type TPostResult =
  | { ok: boolean; httpStatus: number; responseBody: string; durationMs: number; error: null }
  | { ok: false; httpStatus: null; responseBody: null; durationMs: number; error: string };

/** Reads at most the first kilobyte of a response, then lets the rest go. */
function readExcerpt(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = () => {
      response.removeAllListeners('data');
      resolve(Buffer.concat(chunks).subarray(0, RESPONSE_EXCERPT_BYTES).toString('utf8'));
    };
    response.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= RESPONSE_EXCERPT_BYTES) {
        finish();
        response.destroy();
      }
    });
    response.on('end', finish);
    response.on('error', finish);
    response.on('close', finish);
  });
}

/**
 * POSTs one webhook body. Redirects are never followed (a 3xx is an answer like any other), 2xx is
 * success, and the whole attempt is bounded by `timeoutMs`. With the guard on, the target must
 * resolve to public addresses only and the socket connects to the address that was checked.
 */
export async function postWebhook({
  url,
  body,
  headers,
  timeoutMs,
  allowPrivateTargets,
  resolveHost,
}: {
  url: string;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
  allowPrivateTargets: boolean;
  /** Where the guard resolves names: the system resolver unless a test brings its own. */
  resolveHost?: TResolveHost;
}): Promise<TPostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const failed = (error: string): TPostResult => ({
    ok: false,
    httpStatus: null,
    responseBody: null,
    durationMs: elapsed(),
    error,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return failed('invalid URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') {
    return failed('only http and https URLs are delivered to');
  }
  // Node connects to an IP literal without calling `lookup`, so a literal is checked here.
  const host = target.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowPrivateTargets && isIP(host) !== 0 && !isPublicAddress(host)) {
    return failed(new BlockedAddressError(host).message);
  }
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;

  return new Promise<TPostResult>((resolve) => {
    let settled = false;
    const settle = (result: TPostResult) => {
      if (!settled) {
        settled = true;
        clearTimeout(timer);
        resolve(result);
      }
    };
    const req = send(target, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Formwell-Webhooks/1',
      },
      agent: false,
      ...(allowPrivateTargets ? {} : { lookup: createGuardedLookup(resolveHost) }),
    });
    const timer = setTimeout(() => {
      settle(failed(`timed out after ${timeoutMs} ms`));
      req.destroy();
    }, timeoutMs);
    req.on('response', (response) => {
      void readExcerpt(response).then((excerpt) => {
        const status = response.statusCode ?? 0;
        settle({
          ok: status >= 200 && status < 300,
          httpStatus: status,
          responseBody: excerpt,
          durationMs: elapsed(),
          error: null,
        });
      });
    });
    req.on('error', (error) => settle(failed(error.message)));
    req.end(body);
  });
}
