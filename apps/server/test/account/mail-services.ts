import { randomBytes } from 'node:crypto';

import { caughtMailRepository, EmailLogModel } from '@formwell/db';
import { onTestFinished } from 'vitest';

import { spawnEntry, type SpawnedEntry } from '../helpers/spawn-entry.js';
import { waitFor } from '../helpers/start-system.js';

async function stopped(entry: SpawnedEntry) {
  if (entry.child.exitCode === null) {
    entry.child.kill('SIGTERM');
    await entry.exit();
  }
}

/**
 * What `npm start` runs when no SMTP server is set: the repo's local mail catcher (an SMTP server
 * keeping each message's body in MongoDB) and the real worker sending to it over SMTP with the
 * catcher's login. Both are stopped after the test.
 */
export async function startWorkerWithMailCatcher({
  mongoUri,
  redisUrl,
}: {
  mongoUri: string;
  redisUrl: string;
}) {
  const login = {
    MAIL_CATCHER_USER: 'formwell',
    MAIL_CATCHER_PASSWORD: randomBytes(18).toString('base64url'),
  };
  const catcher = spawnEntry('apps/worker', 'src/mail-catcher/main.ts', {
    MONGODB_URI: mongoUri,
    LOG_LEVEL: 'info',
    ...login,
  });
  onTestFinished(() => stopped(catcher));
  const [, port] = await catcher.waitForOutput(/"port":(\d+),[^\n]*mail catcher listening/, 120_000);
  const worker = spawnEntry('apps/worker', 'src/main.ts', {
    MONGODB_URI: mongoUri,
    REDIS_URL: redisUrl,
    SMTP_URL: `smtp://${login.MAIL_CATCHER_USER}:${login.MAIL_CATCHER_PASSWORD}@127.0.0.1:${port}`,
  });
  onTestFinished(() => stopped(worker));
  await worker.waitForOutput(/"msg":"worker started"/, 120_000);

  return { output: () => `${worker.output()}\n${catcher.output()}` };
}

export type TCaughtMail = {
  subject: string;
  status: string;
  error: string | null;
  text: string;
  /** The Message-ID the catcher keeps it under (its headers: caughtMailRepository.findHeader). */
  messageId: string | null;
};

/**
 * The mail of `kind` to `to` once the worker has logged it (as `mail list` / `mail show` read it:
 * the email log, and the body the catcher received under its Message-ID). `count` waits for that
 * many; the newest first.
 */
export async function mailTo(
  to: string,
  kind: string,
  output: () => string,
  count = 1,
): Promise<TCaughtMail[]> {
  return waitFor(
    async () => {
      const entries = await EmailLogModel.find({ to, kind }).sort({ createdAt: -1, _id: -1 }).lean();
      if (entries.length < count) {
        return undefined;
      }
      const mails: TCaughtMail[] = [];
      for (const entry of entries) {
        const body = entry.messageId
          ? await caughtMailRepository.findBody({ messageId: entry.messageId })
          : null;
        if (entry.status === 'sent' && !body) {
          return undefined;
        }
        mails.push({
          subject: entry.subject,
          status: entry.status,
          error: entry.error ?? null,
          text: body?.text ?? '',
          messageId: entry.messageId ?? null,
        });
      }

      return mails;
    },
    120_000,
    output,
  );
}

/** The token of a link in a mail (dashboard links carry it in the fragment). */
export function linkToken(
  mail: TCaughtMail | undefined,
  page: 'verify-email' | 'reset-password' | 'notifications/confirm' | 'notifications/unsubscribe',
): string {
  // Signed tokens (unsubscribe) join an id and a signature with a dot.
  const token = new RegExp(`/${page}#token=([\\w.-]+)`).exec(mail?.text ?? '')?.[1];
  if (!token) {
    throw new Error(`no ${page} link in: ${mail?.text}`);
  }

  return token;
}
