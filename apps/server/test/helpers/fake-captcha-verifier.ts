import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type TFakeCaptchaVerifier = {
  /** Where the server's CAPTCHA_*_VERIFY_URL should point. */
  url: string;
  /** The form-encoded bodies received, decoded, in arrival order. */
  received: Record<string, string>[];
  close: () => Promise<void>;
};

/**
 * A stand-in for a CAPTCHA provider's verify endpoint (Turnstile, hCaptcha and reCAPTCHA share its
 * shape): a form-encoded `secret` and `response`, answered `{success}`. Only `token` with `secret` passes.
 * With `failingStatus` it answers that status to everything, as a provider having an outage does.
 */
export async function startFakeCaptchaVerifier({
  secret,
  token,
  failingStatus,
}: {
  secret: string;
  token: string;
  failingStatus?: number;
}): Promise<TFakeCaptchaVerifier> {
  const received: Record<string, string>[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      const fields = Object.fromEntries(new URLSearchParams(body));
      received.push(fields);
      if (failingStatus !== undefined) {
        res.statusCode = failingStatus;
        res.end('upstream trouble');

        return;
      }
      const success = req.method === 'POST' && fields.secret === secret && fields.response === token;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(success ? { success } : { success, 'error-codes': ['invalid-input-response'] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/siteverify`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
