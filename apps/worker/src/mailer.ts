import { isIPv4 } from 'node:net';

import { ONE_CLICK_UNSUBSCRIBE_POST, type TEmailMessage, type TMailer } from '@formwell/core';
import { createTransport } from 'nodemailer';

/**
 * SMTP through nodemailer when `smtpUrl` is set. Without one (the embedded default) nothing leaves
 * the machine: messages are captured, i.e. kept whole in the email log for the owner to read.
 */
export function createMailer({ smtpUrl, from }: { smtpUrl: string | undefined; from: string }): TMailer & {
  close(): void;
} {
  if (!smtpUrl) {
    return {
      from,
      send: () => Promise.resolve({ messageId: null, captured: true }),
      close: () => undefined,
    };
  }
  const transport = createTransport(smtpTransportOptions(smtpUrl));

  return {
    from,
    async send(message) {
      const info = await transport.sendMail({ from, ...nodemailerMessage(message) });

      return { messageId: info.messageId, captured: false };
    },
    close: () => transport.close(),
  };
}

/**
 * Our message as nodemailer takes it. A one-click unsubscribe URL becomes nodemailer's `list`
 * option (`List-Unsubscribe: <url>`) and the `List-Unsubscribe-Post` header that tells mail
 * clients a POST to it unsubscribes at once (RFC 8058).
 */
function nodemailerMessage({ oneClickUnsubscribeUrl, ...message }: TEmailMessage) {
  return oneClickUnsubscribeUrl
    ? {
        ...message,
        list: { unsubscribe: oneClickUnsubscribeUrl },
        headers: { 'List-Unsubscribe-Post': ONE_CLICK_UNSUBSCRIBE_POST },
      }
    : message;
}

/**
 * Mail to a relay or catcher on this machine (a loopback address) crosses no network, so the
 * certificate its STARTTLS offers is not verified: local relays and test catchers offer STARTTLS
 * with self-signed or expired certificates, and verifying them failed every message. Anywhere else
 * it is verified. Options in the URL (`?tls.rejectUnauthorized=true`, `?ignoreTLS=true`) still win.
 */
function smtpTransportOptions(smtpUrl: string): { url: string; tls?: { rejectUnauthorized: boolean } } {
  return isLoopbackHost(hostnameOf(smtpUrl))
    ? { url: smtpUrl, tls: { rejectUnauthorized: false } }
    : { url: smtpUrl };
}

/** The URL's host, or '' when the WHATWG parser refuses what nodemailer's own accepts. */
function hostnameOf(smtpUrl: string): string {
  return URL.canParse(smtpUrl) ? new URL(smtpUrl).hostname : '';
}

function isLoopbackHost(hostname: string): boolean {
  return (
    hostname === 'localhost' || hostname === '[::1]' || (isIPv4(hostname) && hostname.startsWith('127.'))
  );
}
