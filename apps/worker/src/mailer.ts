import type { TMailer } from '@formwell/core';
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
  const transport = createTransport(smtpUrl);

  return {
    from,
    async send(message) {
      const info = await transport.sendMail({ from, ...message });

      return { messageId: info.messageId, captured: false };
    },
    close: () => transport.close(),
  };
}
