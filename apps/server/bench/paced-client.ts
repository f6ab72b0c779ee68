import { connect, type Socket } from 'node:net';

/**
 * An evenly paced open-loop client (its own process, spawned by pacedLoad in bench/load.ts):
 * request i is due at start + i / rate whatever happened to the ones before, over a pool of
 * keep-alive connections with one request outstanding on each, and its latency counts from when
 * it was due, not from when a connection was free to send it. A server that stalls therefore shows
 * every request that waited behind it (no coordinated omission), and no burst is sent that the
 * rate does not ask for (autocannon's `-R` sends each connection's budget of a second back to
 * back, then idles).
 *
 * It is lean on purpose: on a 2-core host the client shares the cores with the server, the engine
 * and Redis, and node:http's client (request objects, header parsing, an Agent) cost so much CPU
 * per request that at "half the maximum" the client itself fell behind its schedule and reported
 * its own backlog as latency. So the request's bytes are built once, written on raw sockets, and
 * of each answer only the status code and the body's framing (Content-Length, or the chunked end)
 * are read.
 *
 * It also reports how late it was itself: `lag` is, per request, the time from its due time until
 * the client's event loop got to it (whether a connection was free or not), which is the error the
 * client adds to every latency (a timer fires up to a millisecond late; a client waiting for a core
 * is late by that wait), and `served`, the latencies less that lag. run.ts calls a run INVALID when
 * the client did not keep its schedule closely enough for the verdict to be the server's.
 *
 * Argument: JSON of TPacedOptions. Prints JSON of TPacedResult.
 */
export type TPacedOptions = {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  rate: number;
  durationSeconds: number;
  connections: number;
};

export type TPacedResult = {
  sent: number;
  ok: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** The client's own lateness (ms from a request's due time until its event loop got to it). */
  lag: { p50: number; p99: number; max: number };
  /**
   * Latencies from when the client got to each request (each less its own lag): what the figures
   * would be had the client been exactly on time. Waits for a free connection still count.
   */
  served: { p50: number; p99: number };
  /** The client's own CPU (user + system) per request, ms. */
  cpuPerRequest: number;
};

/** A connection's state while it reads one answer. */
type TConnection = {
  socket: Socket;
  /** The request it waits on (-1 when free). */
  index: number;
  /** Unparsed bytes: a head not complete yet, or a chunk-size line split across reads. */
  pending: Buffer | undefined;
  status: number;
  /** Body bytes still to come (Content-Length framing), or -1 while reading a chunked body. */
  remaining: number;
  chunked: boolean;
  /** In a chunked body: bytes of the current chunk (with its CRLF) still to skip. */
  chunkLeft: number;
  inBody: boolean;
};

const HEAD_END = Buffer.from('\r\n\r\n');
/** How long after the last request is due the client waits for the answers still missing. */
const UNANSWERED_AFTER_MS = 30_000;
const CRLF = Buffer.from('\r\n');

function requestBytes(options: TPacedOptions, target: URL): Buffer {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers: Record<string, string> = {
    host: target.host,
    connection: 'keep-alive',
    ...options.headers,
    ...(body ? { 'content-length': String(body.length) } : {}),
  };
  const head =
    `${options.method ?? 'GET'} ${target.pathname}${target.search} HTTP/1.1\r\n` +
    Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('') +
    '\r\n';

  return body ? Buffer.concat([Buffer.from(head), body]) : Buffer.from(head);
}

function quantile(sorted: Float64Array, count: number, q: number): number {
  const value = sorted[Math.min(count - 1, Math.floor(q * count))];

  return value === undefined ? NaN : Number(value.toFixed(1));
}

async function main(): Promise<void> {
  const options = JSON.parse(process.argv[2] ?? '{}') as TPacedOptions;
  const target = new URL(options.url);
  const bytes = requestBytes(options, target);
  const total = Math.round(options.rate * options.durationSeconds);
  const interval = 1000 / options.rate;
  const latencies = new Float64Array(total);
  const lags = new Float64Array(total);
  const answeredFlags = new Uint8Array(total);
  let answered = 0;
  let ok = 0;
  let failed = 0;
  /** Requests [nextSend, nextDue) are due and wait for a free connection. */
  let nextDue = 0;
  let nextSend = 0;
  const free: TConnection[] = [];
  let start = 0;
  let finish: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (finish = resolve));
  const cpuBefore = process.cpuUsage();

  const dueOf = (index: number) => start + index * interval;

  /** Takes note of every request due by now (its lag is how late that is), then sends what it can. */
  function catchUp(now: number): void {
    while (nextDue < total && dueOf(nextDue) <= now) {
      lags[nextDue] = now - dueOf(nextDue);
      nextDue++;
    }
    while (nextSend < nextDue && free.length > 0) {
      send(free.pop() as TConnection, nextSend++);
    }
  }

  function send(connection: TConnection, index: number): void {
    connection.index = index;
    connection.socket.write(bytes);
  }

  /** Records the answer to `index`, then gives `connection` (if still open) the next due request. */
  function complete(connection: TConnection | undefined, index: number, succeeded: boolean): void {
    const now = performance.now();
    latencies[index] = now - dueOf(index);
    answeredFlags[index] = 1;
    answered++;
    if (succeeded) {
      ok++;
    } else {
      failed++;
    }
    if (answered === total) {
      finish();

      return;
    }
    if (connection) {
      free.push(connection);
    }
    catchUp(now);
  }

  function tick(): void {
    catchUp(performance.now());
    if (nextDue < total) {
      setTimeout(tick, Math.max(0, dueOf(nextDue) - performance.now()));
    } else {
      setTimeout(giveUp, UNANSWERED_AFTER_MS);
    }
  }

  /** A server that keeps requests unanswered must end the run too: those count as failed. */
  function giveUp(): void {
    const now = performance.now();
    for (let index = 0; index < total; index++) {
      if (!answeredFlags[index]) {
        latencies[index] = now - dueOf(index);
        answeredFlags[index] = 1;
        answered++;
        failed++;
      }
    }
    finish();
  }

  /** Reads the head of an answer at the start of `data`; returns the bytes after it, or undefined when incomplete. */
  function readHead(connection: TConnection, data: Buffer): Buffer | undefined {
    const end = data.indexOf(HEAD_END);
    if (end < 0) {
      connection.pending = data;

      return undefined;
    }
    // `HTTP/1.1 200 OK`: the code is bytes 9 to 11.
    connection.status = (data[9] ?? 0) * 100 + (data[10] ?? 0) * 10 + (data[11] ?? 0) - 111 * 48;
    const head = data.toString('latin1', 0, end).toLowerCase();
    const length = /\r\ncontent-length: *(\d+)/.exec(head);
    connection.chunked = length === null && /\r\ntransfer-encoding:[^\r]*chunked/.test(head);
    const bodyless = connection.status === 204 || connection.status === 304;
    connection.remaining = bodyless ? 0 : length ? Number(length[1]) : 0;
    connection.chunkLeft = 0;
    connection.inBody = true;

    return data.subarray(end + HEAD_END.length);
  }

  /** Consumes body bytes; returns what is left after the answer's end, or undefined when more is needed. */
  function readBody(connection: TConnection, data: Buffer): Buffer | undefined {
    if (!connection.chunked) {
      if (data.length < connection.remaining) {
        connection.remaining -= data.length;

        return undefined;
      }

      return data.subarray(connection.remaining);
    }
    let rest = data;
    for (;;) {
      if (connection.chunkLeft > 0) {
        if (rest.length < connection.chunkLeft) {
          connection.chunkLeft -= rest.length;

          return undefined;
        }
        rest = rest.subarray(connection.chunkLeft);
        connection.chunkLeft = 0;
      }
      const lineEnd = rest.indexOf(CRLF);
      if (lineEnd < 0) {
        connection.pending = rest;

        return undefined;
      }
      const size = parseInt(rest.toString('latin1', 0, lineEnd), 16);
      if (size === 0) {
        // The last chunk: no trailers are expected, so its line and one blank line end the body.
        const end = rest.indexOf(HEAD_END);
        if (end < 0) {
          connection.pending = rest;

          return undefined;
        }

        return rest.subarray(end + HEAD_END.length);
      }
      rest = rest.subarray(lineEnd + CRLF.length);
      connection.chunkLeft = size + CRLF.length;
    }
  }

  function onData(connection: TConnection, chunk: Buffer): void {
    let data: Buffer | undefined = connection.pending ? Buffer.concat([connection.pending, chunk]) : chunk;
    connection.pending = undefined;
    while (data !== undefined && (data.length > 0 || connection.inBody)) {
      if (connection.index < 0) {
        // Bytes nobody asked for: the framing is lost, the connection is not trusted further.
        connection.socket.destroy();

        return;
      }
      if (!connection.inBody) {
        data = readHead(connection, data);
        continue;
      }
      data = readBody(connection, data);
      if (data !== undefined) {
        const index = connection.index;
        connection.index = -1;
        connection.inBody = false;
        complete(connection, index, connection.status >= 200 && connection.status < 300);
      }
    }
  }

  function open(): Promise<TConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
      const connection: TConnection = {
        socket,
        index: -1,
        pending: undefined,
        status: 0,
        remaining: 0,
        chunked: false,
        chunkLeft: 0,
        inBody: false,
      };
      socket.once('connect', () => resolve(connection));
      socket.on('data', (chunk: Buffer) => onData(connection, chunk));
      socket.on('error', reject);
      socket.on('close', () => {
        // An answer cut off fails; the connection is replaced so the pool keeps its size.
        const at = free.indexOf(connection);
        if (at >= 0) {
          free.splice(at, 1);
        }
        const lost = connection.index;
        connection.index = -1;
        if (answered < total) {
          void open().then(
            (replacement) => {
              if (lost >= 0) {
                complete(replacement, lost, false);
              } else {
                free.push(replacement);
                catchUp(performance.now());
              }
            },
            () => {
              if (lost >= 0) {
                complete(undefined, lost, false);
              }
            },
          );
        }
      });
    });
  }

  free.push(...(await Promise.all(Array.from({ length: options.connections }, () => open()))));
  start = performance.now() + 100;
  setTimeout(tick, 100);
  await done;
  const cpu = process.cpuUsage(cpuBefore);
  for (const connection of free) {
    connection.socket.destroy();
  }
  // From when the client got to each request: its latency less its own lateness.
  const served = latencies.map((latency, index) => latency - (lags[index] ?? 0)).sort();
  latencies.sort();
  lags.sort();
  const result: TPacedResult = {
    sent: total,
    ok,
    failed,
    p50: quantile(latencies, total, 0.5),
    p99: quantile(latencies, total, 0.99),
    max: quantile(latencies, total, 1),
    lag: { p50: quantile(lags, total, 0.5), p99: quantile(lags, total, 0.99), max: quantile(lags, total, 1) },
    served: { p50: quantile(served, total, 0.5), p99: quantile(served, total, 0.99) },
    cpuPerRequest: Number(((cpu.user + cpu.system) / 1000 / total).toFixed(4)),
  };
  console.log(JSON.stringify(result));
  process.exit(0);
}

await main();
