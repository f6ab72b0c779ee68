import type { TRateLimitName, TSubmitRefusal } from '@formwell/core';

/** Which face took a submission: the keyed REST API or the keyless HTML endpoint. */
export type TSubmitFace = 'api' | 'public';

/**
 * What the router reports to the host's metrics; the host (apps/server) turns it into Prometheus
 * counters, the router knows nothing of them. Optional in ApiServices: tests and tools count nothing.
 */
export type ApiMetrics = {
  rateLimitRefused(rule: TRateLimitName): void;
  submissionAccepted(face: TSubmitFace): void;
  submissionRefused(face: TSubmitFace, reason: TSubmitRefusal): void;
};
