import { Writable } from 'node:stream';

import pinoPretty from 'pino-pretty';

/** Fastify's two lines of every request: the first names it, the second has its status and time. */
const INCOMING_REQUEST = '"msg":"incoming request"';
const REQUEST_COMPLETED = '"msg":"request completed"';

const MAX_PENDING = 10_000;

type TRequestLine = { reqId?: string; req?: unknown };

/**
 * The log stream for a terminal: one readable line per entry (pino-pretty), and one per request:
 * `GET /api/v1/forms/list 200 3.1 ms`: the "incoming request" line is held back by request id and
 * its method and URL (already redacted) printed with the completion. Everything else (a machine, a
 * file, a log collector) gets pino's JSON lines, both of them.
 */
export function prettyLogStream(destination: NodeJS.WritableStream = process.stdout): Writable {
  const pretty = pinoPretty({
    destination,
    colorize: true,
    singleLine: true,
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,req,res,responseTime',
    messageFormat: (log, messageKey) => {
      const req = log.req as { method?: string; url?: string } | undefined;
      const res = log.res as { statusCode?: number } | undefined;
      if (req?.method && res?.statusCode !== undefined) {
        const ms = typeof log.responseTime === 'number' ? ` ${log.responseTime.toFixed(1)} ms` : '';

        return `${req.method} ${req.url ?? ''} ${res.statusCode}${ms}`;
      }

      const message = log[messageKey];

      return typeof message === 'string' ? message : JSON.stringify(message ?? '');
    },
  });

  const pending = new Map<string, unknown>();

  return new Writable({
    write(chunk: Buffer, _encoding, callback) {
      const line = chunk.toString('utf8');
      if (line.includes(INCOMING_REQUEST)) {
        const { reqId, req } = JSON.parse(line) as TRequestLine;
        if (reqId !== undefined) {
          // A request that never completes (its client went away) must not grow the map forever.
          if (pending.size >= MAX_PENDING) {
            pending.clear();
          }
          pending.set(reqId, req);
        }
        callback();

        return;
      }
      if (line.includes(REQUEST_COMPLETED)) {
        const entry = JSON.parse(line) as TRequestLine;
        const req = entry.reqId === undefined ? undefined : pending.get(entry.reqId);
        if (entry.reqId !== undefined) {
          pending.delete(entry.reqId);
        }
        pretty.write(`${JSON.stringify({ ...entry, req })}\n`, callback);

        return;
      }
      pretty.write(line, callback);
    },
  });
}

/** Pretty only on a terminal; LOG_FORMAT=json (or pretty) decides where the guess would be wrong. */
export function wantsPrettyLogs(format: string | undefined, isTerminal: boolean): boolean {
  return format === 'pretty' || (format !== 'json' && isTerminal);
}
