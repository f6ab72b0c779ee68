import { Agent, request } from 'node:http';

/**
 * An evenly paced open-loop client (its own process, spawned by bench/paced-load.ts): request i is
 * due at start + i / rate whatever happened to the ones before, over a pool of keep-alive
 * connections, and its latency counts from when it was due, not from when a connection was free to
 * send it. A server that stalls therefore shows every request that waited behind the stall
 * (no coordinated omission), and no burst is sent that the rate does not ask for (autocannon's
 * `-R` sends each connection's budget of a second back to back, then idles).
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
};

const options = JSON.parse(process.argv[2] ?? '{}') as TPacedOptions;
const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
const target = new URL(options.url);
const total = Math.round(options.rate * options.durationSeconds);
const latencies: number[] = [];
let ok = 0;
let failed = 0;

function send(due: number): Promise<void> {
  return new Promise((resolve) => {
    const outgoing = request(
      {
        agent,
        host: target.hostname,
        port: target.port,
        path: `${target.pathname}${target.search}`,
        method: options.method ?? 'GET',
        headers: options.headers,
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          latencies.push(performance.now() - due);
          if ((response.statusCode ?? 0) < 300) {
            ok++;
          } else {
            failed++;
          }
          resolve();
        });
      },
    );
    outgoing.on('error', () => {
      failed++;
      resolve();
    });
    outgoing.end(options.body);
  });
}

const start = performance.now() + 100;
const inFlight: Promise<void>[] = [];
for (let index = 0; index < total; index++) {
  const due = start + (index * 1000) / options.rate;
  const wait = due - performance.now();
  if (wait > 1) {
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
  inFlight.push(send(due));
}
await Promise.all(inFlight);
agent.destroy();
const sorted = latencies.sort((a, b) => a - b);
const at = (quantile: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(quantile * sorted.length))] ?? NaN;
const result: TPacedResult = {
  sent: total,
  ok,
  failed,
  p50: Number(at(0.5).toFixed(1)),
  p99: Number(at(0.99).toFixed(1)),
  max: Number((sorted.at(-1) ?? NaN).toFixed(1)),
};
console.log(JSON.stringify(result));
