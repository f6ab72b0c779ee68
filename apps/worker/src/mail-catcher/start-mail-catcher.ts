import { timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';

import { caughtMailRepository } from '@formwell/db';
import { simpleParser } from 'mailparser';
import type { Logger } from 'pino';
import { SMTPServer } from 'smtp-server';

/** A message larger than this is refused (552), so a runaway sender cannot fill the database. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export type MailCatcher = { port: number; close(): Promise<void> };

/** A raw header line (`List-Unsubscribe: <https://…>`, maybe folded) as its name and value. */
function headerOf({ key, line }: { key: string; line: string }) {
  return {
    name: key,
    value: line
      .slice(line.indexOf(':') + 1)
      .replace(/\r?\n[ \t]+/g, ' ')
      .trim(),
  };
}

/** Constant-time comparison of a login against the expected one. */
function same(given: string | null | undefined, expected: string): boolean {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);

  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The local SMTP server of `npm start` when no SMTP_URL is set: the worker really sends over SMTP,
 * and every message received is parsed and its body kept in the caught-mail collection, where
 * `mail show` and the dashboard find it through the email log. It listens on loopback only and
 * requires the login it was given, so other local accounts can neither read nor inject mail.
 * Nothing is relayed anywhere.
 */
export async function startMailCatcher({
  user,
  password,
  logger,
  port = 0,
}: {
  user: string;
  password: string;
  logger: Logger;
  port?: number;
}): Promise<MailCatcher> {
  const server = new SMTPServer({
    name: 'formwell-mail-catcher',
    banner: 'Formwell local mail catcher (nothing is relayed)',
    // Plain-text login is acceptable on loopback; there is no certificate to offer.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onAuth(auth, _session, callback) {
      if (same(auth.username, user) && same(auth.password, password)) {
        callback(null, { user: auth.username });

        return;
      }
      callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        async (mail) => {
          if (stream.sizeExceeded) {
            callback(Object.assign(new Error('Message too large'), { responseCode: 552 }));

            return;
          }
          if (!mail.messageId) {
            // Without a Message-ID nothing in the email log can point at it.
            callback(Object.assign(new Error('Message-ID header required'), { responseCode: 550 }));

            return;
          }
          await caughtMailRepository.store({
            messageId: mail.messageId,
            text: mail.text ?? null,
            html: typeof mail.html === 'string' ? mail.html : null,
            headers: mail.headerLines.map(headerOf),
            receivedAt: new Date(),
          });
          logger.info({ messageId: mail.messageId }, 'mail caught');
          callback();
        },
        (error: unknown) => {
          // A temporary failure (the database), so the sender retries later.
          logger.warn({ err: error }, 'mail not stored');
          callback(Object.assign(new Error('Could not store the message'), { responseCode: 451 }));
        },
      );
    },
  });
  server.on('error', (error) => logger.warn({ err: error }, 'mail catcher connection error'));
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });

  return {
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
