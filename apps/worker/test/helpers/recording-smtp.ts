import type { AddressInfo } from 'node:net';

import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** An SMTP refusal of one recipient: 4xx is worth a retry (greylisting), 5xx is final. */
type TRefusal = { responseCode: number; message: string };

/**
 * A real SMTP server for a test file, made at module level like `workerHarness()`: `received`
 * holds every message it accepted (parsed); `start` listens on a free loopback port and gives the
 * URL the worker sends to; `close` stops it. `refuse` answers chosen recipients with an SMTP error.
 * `offerStartTls` offers STARTTLS with the server's own certificate, one nobody could verify, as
 * local relays and test catchers do; mail to a loopback address must arrive all the same.
 */
export function recordingSmtp({
  refuse,
  offerStartTls = false,
}: { refuse?: (address: string) => TRefusal | undefined; offerStartTls?: boolean } = {}) {
  const received: ParsedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    ...(offerStartTls ? {} : { disabledCommands: ['STARTTLS'] }),
    logger: false,
    onRcptTo(address, _session, callback) {
      const refusal = refuse?.(address.address);
      callback(
        refusal
          ? Object.assign(new Error(refusal.message), { responseCode: refusal.responseCode })
          : undefined,
      );
    },
    onData(stream, _session, callback) {
      void simpleParser(stream).then((mail) => {
        received.push(mail);
        callback();
      }, callback);
    },
  });

  return {
    received,
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

      return `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The first address a message was sent to. */
export const recipientOf = (mail: ParsedMail) =>
  (Array.isArray(mail.to) ? mail.to[0] : mail.to)?.value[0]?.address;
