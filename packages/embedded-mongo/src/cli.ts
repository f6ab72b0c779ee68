#!/usr/bin/env node
import { parseArgs } from 'node:util';
import { startEmbeddedMongo } from './start-embedded-mongo.js';
import { DEFAULT_IDLE_TIMEOUT_MS, DEFAULT_MAX_CONNECTIONS } from './server/connection-limits.js';

const USAGE = [
  'usage: embedded-mongo [--port N | --socket PATH] [--dbpath DIR] [--group-commit-ms MS]',
  '                      [--max-connections N] [--idle-timeout-ms MS] [--server-version V]',
  '  --port             TCP port on 127.0.0.1 (default 27017, 0 = any free port)',
  '  --socket           listen on this Unix socket file instead (mode 0600: owner only)',
  '  --dbpath           data directory (default: memory only)',
  '  --group-commit-ms  with --dbpath: minimum spacing of journal fsyncs in ms (default 0: back to back)',
  `  --max-connections  connections beyond this many are closed at once (default ${String(DEFAULT_MAX_CONNECTIONS)})`,
  `  --idle-timeout-ms  close a client connection silent this long (default ${String(DEFAULT_IDLE_TIMEOUT_MS)}, 0 = never)`,
  '  --server-version   the MongoDB release to answer as: 8.0 (default) or 7.0 (no bulkWrite command)',
].join('\n');

/** An optional integer flag at least `min`; anything else exits with code 2 like other bad flags. */
function integerFlag(name: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`invalid --${name}: ${raw}\n`);
    process.exit(2);
  }
  return n;
}

/** `embedded-mongo --port N --dbpath DIR`: prints the URI, stops cleanly on SIGINT/SIGTERM. */
async function main(): Promise<void> {
  let values: {
    port?: string;
    socket?: string;
    dbpath?: string;
    'group-commit-ms'?: string;
    'max-connections'?: string;
    'idle-timeout-ms'?: string;
    'server-version'?: string;
    help?: boolean;
  };
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        socket: { type: 'string' },
        dbpath: { type: 'string' },
        'group-commit-ms': { type: 'string' },
        'max-connections': { type: 'string' },
        'idle-timeout-ms': { type: 'string' },
        'server-version': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
    }));
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n${USAGE}\n`);
    process.exit(2);
  }
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const port = values.port === undefined ? 27017 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    process.stderr.write(`invalid --port: ${values.port ?? ''}\n`);
    process.exit(2);
  }
  const gc = values['group-commit-ms'];
  const groupCommitMs = gc === undefined ? undefined : Number(gc);
  if (groupCommitMs !== undefined && !(groupCommitMs >= 0)) {
    process.stderr.write(`invalid --group-commit-ms: ${gc ?? ''}\n`);
    process.exit(2);
  }
  const maxConnections = integerFlag('max-connections', values['max-connections'], 1);
  const idleTimeoutMs = integerFlag('idle-timeout-ms', values['idle-timeout-ms'], 0);
  const server = await startEmbeddedMongo({
    port,
    socketPath: values.socket,
    dbPath: values.dbpath,
    groupCommitMs,
    maxConnections,
    idleTimeoutMs,
    serverVersion: values['server-version'],
  });
  process.stdout.write(`${server.uri}\n`);
  // A data folder that needed nothing (new, or cleanly stopped) opens silently: a "recovered" line
  // on every start reads as if something had crashed.
  const recovery = server.recovery;
  if (
    recovery &&
    (recovery.framesReplayed > 0 || recovery.truncatedBytes > 0 || recovery.damagedJournalCopy)
  ) {
    const { framesReplayed, truncatedBytes, damagedJournalCopy, durationMs } = recovery;
    process.stderr.write(
      `embedded-mongo: recovered ${values.dbpath ?? ''}: ${framesReplayed} journal frames replayed in ${Math.round(durationMs)} ms` +
        (truncatedBytes > 0 ? `; a torn tail of ${truncatedBytes} bytes was cut` : '') +
        (damagedJournalCopy ? `; WARNING: damaged journal kept at ${damagedJournalCopy}` : '') +
        '\n',
    );
  }
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    process.stderr.write(`embedded-mongo: ${signal}, stopping\n`);
    server.stop().then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`embedded-mongo: stop failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((err: unknown) => {
  process.stderr.write(`embedded-mongo: ${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
});
