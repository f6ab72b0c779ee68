import { requireAuthEpochStore } from '@formwell/core';
import closeWithGrace from 'close-with-grace';

import { buildApp } from './app.js';
import { InvalidEnvError, parseServerEnv } from './env.js';
import { prettyLogStream, wantsPrettyLogs } from './pretty-log-stream.js';

/** Entry point: validate env, build, listen; on SIGINT/SIGTERM finish in-flight requests and close. */
async function main() {
  const env = parseServerEnv();
  // Revokes, plan changes and deletions made here must reach every replica's cached logins.
  requireAuthEpochStore();
  const pretty = wantsPrettyLogs(env.LOG_FORMAT, process.stdout.isTTY === true);
  const app = await buildApp({ env, ...(pretty ? { logStream: prettyLogStream() } : {}) });

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) {
      app.log.error({ err }, 'closing after an unexpected error');
    } else {
      app.log.info({ signal }, 'shutting down');
    }
    await app.close();
  });

  await app.listen({ port: env.PORT, host: env.HOST });
  // A supervisor that opened a message channel (npm start) learns from the server itself that it
  // listens: a probe of the port would find any program that took it first, and reaches no HOST but
  // IPv4 loopback.
  process.send?.({ listening: true }, () => process.disconnect());
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvError) {
    console.error(`formwell server: ${error.message}`);
  } else {
    console.error(
      `formwell server failed to start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
});
