import { connectDatabase, disconnectDatabase, ensureIndexes } from '@formwell/db';
import closeWithGrace from 'close-with-grace';
import { pino } from 'pino';

import { maskUrlCredentials } from '@formwell/local-services';
import { parseMailCatcherEnv } from './env.js';
import { startMailCatcher } from './start-mail-catcher.js';

/**
 * Entry point of the local mail catcher, started by `npm start` when SMTP_URL is unset. It tells
 * its parent the port it listens on (an IPC message `{smtpPort}`), which then points the worker's
 * SMTP_URL at it with the login it generated.
 */
async function main() {
  const env = parseMailCatcherEnv();
  const logger = pino({ level: env.LOG_LEVEL, name: 'mail-catcher' });
  await connectDatabase({ uri: env.MONGODB_URI });
  await ensureIndexes();
  const catcher = await startMailCatcher({
    user: env.MAIL_CATCHER_USER,
    password: env.MAIL_CATCHER_PASSWORD,
    logger,
  });
  closeWithGrace({ delay: 10_000 }, async () => {
    await catcher.close();
    await disconnectDatabase();
  });
  logger.info({ port: catcher.port }, 'mail catcher listening on 127.0.0.1');
  // One message is all the parent needs; an open channel would keep this process from exiting.
  process.send?.({ smtpPort: catcher.port }, () => process.disconnect());
}

main().catch((error: unknown) => {
  const reason = error instanceof Error ? error.message : String(error);
  console.error('formwell mail catcher failed to start:', maskUrlCredentials(reason));
  process.exit(1);
});
