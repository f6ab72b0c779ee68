import mongoose from 'mongoose';

import type * as AppModule from '../src/app.js';
import type * as EnvModule from '../src/env.js';

type ServerEnv = EnvModule.ServerEnv;

// The compiled server (dist/, as `npm start` runs it), or its sources under tsx with
// BENCH_FROM_SOURCES=1 (startBenchServer sets both this and the matching node options).
const code = process.env.BENCH_FROM_SOURCES === '1' ? '../src' : '../dist';
const { buildApp } = (await import(`${code}/app.js`)) as typeof AppModule;
const { parseServerEnv } = (await import(`${code}/env.js`)) as typeof EnvModule;

/**
 * The real server (same buildApp as main.ts) with the bench's configuration overrides: the rate
 * limits raised so the load measures the request path, not 429s. Prints the address when ready.
 * With `monitorCommands=true` in MONGODB_URI it also counts the MongoDB commands it sends (driver
 * command monitoring) and the Redis commands its connection sends (a Lua script is one, whatever
 * it calls inside), and reports both at GET /__bench/round-trips, which the bench reads before and
 * after a fixed number of requests to print round trips per request. Monitoring makes the
 * driver build an event (with copies of the command and its reply) per command, which production
 * does not pay: the bench puts load only on a server started without it, and counts on another.
 */
// Given to the parse (not assigned after it): the rate limits the API applies are read from the
// core config the parse builds.
const env: ServerEnv = parseServerEnv({
  ...process.env,
  RATE_LIMIT_ANALYTICS: '100000000/60',
  RATE_LIMIT_FORMS_LIST: '100000000/60',
  RATE_LIMIT_GET_FORM: '100000000/60',
  RATE_LIMIT_SUBMISSIONS_LIST: '100000000/60',
  RATE_LIMIT_SUBMIT: '100000000/60',
  RATE_LIMIT_USERS_JOINED: '100000000/60',
});
const app = await buildApp({ env });
const client = mongoose.connection.getClient();
if (client.options.monitorCommands) {
  const sent = { mongo: 0, redis: 0 };
  client.on('commandStarted', () => {
    sent.mongo++;
  });
  const redis = app.redis as unknown as { sendCommand(command: unknown): unknown };
  const sendCommand = redis.sendCommand.bind(redis);
  redis.sendCommand = (command) => {
    sent.redis++;

    return sendCommand(command);
  };
  app.get('/__bench/round-trips', () => sent);
}
const address = await app.listen({ port: env.PORT, host: env.HOST });
console.log(`bench-server listening ${address}`);

process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
