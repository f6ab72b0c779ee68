import type { ApiMetrics } from '@formwell/api';
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

/** Where the HTTP latency buckets lie: from a cached read to a slow submit with its outbox. */
const LATENCY_BUCKETS_SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type TRequestObservation = { method: string; route: string; status: number; seconds: number };

export type ServerMetrics = {
  registry: Registry;
  /** Handed to the router: rate-limit refusals by rule, submissions by outcome. */
  api: ApiMetrics;
  observeRequest(observation: TRequestObservation): void;
};

/**
 * The server's Prometheus registry: one per app (tests build several apps in one process), with
 * Node's process metrics (event-loop lag included), HTTP traffic by route pattern, and the
 * router's own counters.
 */
export function createServerMetrics(): ServerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'formwell_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'formwell_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route pattern and status code',
    labelNames,
    buckets: LATENCY_BUCKETS_SECONDS,
    registers: [registry],
  });
  const rateLimitRefusals = new Counter({
    name: 'formwell_rate_limit_refusals_total',
    help: 'Requests refused with 429, by rate-limit rule',
    labelNames: ['rule'] as const,
    registers: [registry],
  });
  const accepted = new Counter({
    name: 'formwell_submissions_accepted_total',
    help: 'Submissions stored, by face (api: keyed REST, public: keyless HTML endpoint)',
    labelNames: ['face'] as const,
    registers: [registry],
  });
  const refused = new Counter({
    name: 'formwell_submissions_refused_total',
    help: 'Submissions not stored, by face and reason (honeypot ones were answered as stored)',
    labelNames: ['face', 'reason'] as const,
    registers: [registry],
  });

  return {
    registry,
    api: {
      rateLimitRefused: (rule) => rateLimitRefusals.inc({ rule }),
      submissionAccepted: (face) => accepted.inc({ face }),
      submissionRefused: (face, reason) => refused.inc({ face, reason }),
    },
    observeRequest({ method, route, status, seconds }) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      latency.observe(labels, seconds);
    },
  };
}
