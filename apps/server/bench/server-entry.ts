import { buildApp } from '../src/app.js';
import { parseServerEnv, type ServerEnv } from '../src/env.js';

/**
 * The real server (same buildApp as main.ts) with the bench's configuration overrides: the rate
 * limits raised so the load measures the request path, not 429s. Prints the address when ready.
 */
const env: ServerEnv = Object.assign(parseServerEnv(), {
  RATE_LIMIT_FORMS_LIST: '100000000/60',
  RATE_LIMIT_GET_FORM: '100000000/60',
  RATE_LIMIT_SUBMIT: '100000000/60',
});
const app = await buildApp({ env });
const address = await app.listen({ port: env.PORT, host: env.HOST });
console.log(`bench-server listening ${address}`);

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
