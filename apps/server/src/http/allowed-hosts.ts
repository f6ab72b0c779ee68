import { buildErrorBody, ErrorMessages } from '@formwell/core';
import type { FastifyInstance } from 'fastify';

/** The names a machine always has for itself; `[::1]` is how an IPv6 literal appears in `Host`. */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `Host` split into its lower-case name and its port (empty when absent). */
function splitHost(host: string): { name: string; port: string } {
  const lower = host.trim().toLowerCase();
  const match = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(lower);

  return match ? { name: match[1] ?? '', port: match[2] ?? '' } : { name: lower, port: '' };
}

/** Whether a request was addressed to this machine by one of its loopback names. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_NAMES.has(splitHost(host).name);
}

export type AllowedHostsOptions = {
  publicUrl: string;
  /** Extra names (`forms.example.com`, or `name:port` to pin the port), from ALLOWED_HOSTS. */
  extraHosts: readonly string[];
};

/**
 * A test of `Host` against this server's own names. A DNS-rebinding page reaches the server under
 * the attacker's host name, so only names are compared: PUBLIC_URL's host name (any port: a proxy
 * or a port mapping may change it), the loopback names (any port: `inject`, tunnels and port
 * forwards all reach a local server under another port), and ALLOWED_HOSTS, where an entry with a
 * port accepts that port only.
 */
function hostMatcher({ publicUrl, extraHosts }: AllowedHostsOptions): (host: string) => boolean {
  const names = new Set([...LOOPBACK_NAMES, splitHost(new URL(publicUrl).host).name]);
  const exact = new Set<string>();
  for (const entry of extraHosts) {
    const { name, port } = splitHost(entry);
    if (port === '') {
      names.add(name);
    } else {
      exact.add(`${name}:${port}`);
    }
  }

  return (host) => {
    // Only HTTP/1.0 requests get here without a Host (the hook answers HTTP/1.1 ones); no browser
    // sends such a request, so it cannot be a rebinding page's.
    if (host === '') {
      return true;
    }
    const { name, port } = splitHost(host);

    return names.has(name) || exact.has(`${name}:${port}`);
  };
}

/**
 * Every request, on every path (the API, the dashboard, `/metrics`, health), is refused with 421 and
 * the usual error body unless its `Host` is one of this server's names (an HTTP/1.1 request without
 * any `Host`: 400): a page on another site that
 * rebinds its own name to this server's address then reads nothing and signs up nobody.
 * `request.host` follows X-Forwarded-Host only from trusted proxies (TRUST_PROXY).
 */
export function refuseForeignHosts(app: FastifyInstance, options: AllowedHostsOptions) {
  const allowed = hostMatcher(options);
  // A callback hook: every request passes it, and an async one costs each a promise and a turn of
  // the microtask queue. A refused request is answered here and goes no further (no `done`).
  app.addHook('onRequest', (request, reply, done) => {
    // HTTP/1.1 requires a Host. Node would refuse one without it itself, with an empty body, so
    // the server lets it through (`requireHostHeader: false` in app.ts) to answer with the error body.
    if (request.host === '' && request.raw.httpVersion !== '1.0') {
      void reply.code(400).send(buildErrorBody(400, { message: ErrorMessages.HOST_REQUIRED }));

      return;
    }
    if (allowed(request.host)) {
      done();

      return;
    }
    void reply
      .code(421)
      .send(buildErrorBody(421, { message: ErrorMessages.UNKNOWN_HOST, code: 'MISDIRECTED_REQUEST' }));
  });
}
