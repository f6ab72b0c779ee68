import { request } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';

export type TSubmitOutcome = {
  seq: number;
  /** The server that answered, or the last one tried. */
  server: string;
  status: number | null;
  body: string;
  error?: string;
  /** Requests sent for this submit: more than one when a server went away under it. */
  tries: number;
};

export type TSteadyLoadOptions = {
  count: number;
  perSecond: number;
  /** The servers behind the "load balancer", read at each request (a restart swaps one). */
  servers: () => string[];
  /** The request of submit number `seq`. */
  submit: (seq: number) => { path: string; headers: Record<string, string>; body: unknown };
  /** Run (not awaited by the load) when submit number `seq` is about to be sent. */
  events?: Record<number, () => Promise<void>>;
  /**
   * Awaited before submit number `seq` is sent: keeps the submits from there on for after an event
   * has finished, however long it takes on a slow machine.
   */
  gates?: Record<number, () => Promise<unknown>>;
  /** In-flight requests at most: a slow system lowers the rate instead of piling up requests. */
  maxInFlight?: number;
};

/**
 * Sends `count` requests at a steady rate, round-robin over the servers, like a load balancer that
 * retries on the next server what a server going away did not take: a refused or reset connection
 * and the 503 a closing server answers before routing. Each request uses its own connection, so a
 * server shutting down gracefully either serves a request fully or never takes it; the caller
 * checks that no retried submit was stored twice.
 */
export async function runSteadyLoad({
  count,
  perSecond,
  servers,
  submit,
  events = {},
  gates = {},
  maxInFlight = 64,
}: TSteadyLoadOptions): Promise<{ outcomes: TSubmitOutcome[]; events: Promise<void>[] }> {
  const outcomes: TSubmitOutcome[] = [];
  const inFlight = new Set<Promise<void>>();
  const started: Promise<void>[] = [];
  const startedAt = Date.now();
  const intervalMs = 1_000 / perSecond;
  for (let seq = 0; seq < count; seq++) {
    const event = events[seq];
    if (event) {
      started.push(event());
    }
    await gates[seq]?.();
    // Pacing, not synchronisation: the rate is what is being kept steady.
    const due = startedAt + seq * intervalMs;
    if (due > Date.now()) {
      await sleep(due - Date.now());
    }
    while (inFlight.size >= maxInFlight) {
      await Promise.race(inFlight);
    }
    const sending = sendWithFailover(seq, servers, submit(seq)).then((outcome) => {
      outcomes.push(outcome);
      inFlight.delete(sending);
    });
    inFlight.add(sending);
  }
  await Promise.all(inFlight);

  return { outcomes: outcomes.sort((a, b) => a.seq - b.seq), events: started };
}

/** Connection errors of a server going away before it took the request in. */
const RETRIED_ERRORS = new Set(['ECONNREFUSED', 'ECONNRESET']);

async function sendWithFailover(
  seq: number,
  servers: () => string[],
  { path, headers, body }: ReturnType<TSteadyLoadOptions['submit']>,
): Promise<TSubmitOutcome> {
  let last: TSubmitOutcome = { seq, server: '', status: null, body: '', tries: 0 };
  // Enough tries to ride over a restart window on every server in turn.
  for (let attempt = 0; attempt < 200; attempt++) {
    const list = servers();
    const server = list[(seq + attempt) % list.length] ?? '';
    try {
      const answer = await postJson(`${server}${path}`, headers, body);
      last = { seq, server, ...answer, tries: attempt + 1 };
      if (answer.status !== 503) {
        return last;
      }
    } catch (failure) {
      const error = (failure as NodeJS.ErrnoException).code ?? String(failure);
      last = { seq, server, status: null, body: '', error, tries: attempt + 1 };
      if (!RETRIED_ERRORS.has(error)) {
        return last;
      }
    }
    // Every server failing at once (never expected): give the restart a moment to listen.
    if (attempt % list.length === list.length - 1) {
      await sleep(100);
    }
  }

  return last;
}

export function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<{ status: number; body: string }> {
  const payload = JSON.stringify(body);

  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        agent: false,
        headers: {
          ...headers,
          connection: 'close',
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
