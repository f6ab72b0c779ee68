import type { TEmailOutcome, TOutboxWebhookOutcome } from '@formwell/core';
import { outboxDeliveryRepository } from '@formwell/db';
import { QUEUE_PREFIX, QueueName, type TQueueName, type TRedisClient } from '@formwell/jobs';
import { Queue } from 'bullmq';
import { collectDefaultMetrics, Counter, Gauge, Registry } from 'prom-client';

/** The job states whose depth is reported; completed jobs are BullMQ's history, not a backlog. */
const QUEUE_STATES = ['waiting', 'active', 'delayed', 'failed'] as const;

/** What the job processors report; each outcome is counted where the processor decides it. */
export type WorkerJobMetrics = {
  webhookDelivery(outcome: TOutboxWebhookOutcome): void;
  email(outcome: TEmailOutcome): void;
};

export type WorkerMetrics = { registry: Registry; jobs: WorkerJobMetrics; close(): Promise<void> };

/** A webhook attempt's metric label: a failure is a retry, the last one, or the endpoint's disabling. */
function deliveryLabel(outcome: TOutboxWebhookOutcome): string {
  if (outcome.status === 'delivered') {
    return 'success';
  }
  if (outcome.status === 'skipped') {
    return 'skipped';
  }
  if (outcome.disabled) {
    return 'disabled';
  }

  return outcome.retry ? 'failed_attempt' : 'gave_up';
}

/** An email job's label: a failure that will be retried is kept apart from a final one. */
function emailLabel(outcome: TEmailOutcome): string {
  if (outcome.status === 'failed') {
    return outcome.retry ? 'failed_attempt' : 'failed';
  }

  return outcome.status;
}

/**
 * The worker's Prometheus registry: Node's process metrics, job outcomes counted as they happen,
 * and the queue depths and outbox backlog read at each scrape (BullMQ's counts and two indexed
 * queries), so an idle worker does no work for them.
 */
export function createWorkerMetrics(connection: TRedisClient): WorkerMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const deliveries = new Counter({
    name: 'formwell_webhook_deliveries_total',
    help: 'Webhook delivery attempts by outcome (success, failed_attempt, gave_up, disabled, skipped)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });
  const emails = new Counter({
    name: 'formwell_emails_total',
    help: 'Email jobs by outcome (sent, captured, skipped, failed_attempt, failed)',
    labelNames: ['outcome'] as const,
    registers: [registry],
  });

  // Own Queue handles for counting only (they add nothing), on the worker's connection.
  const queues = Object.values(QueueName).map(
    (name: TQueueName) => new Queue(name, { connection, prefix: QUEUE_PREFIX }),
  );
  new Gauge({
    name: 'formwell_queue_jobs',
    help: 'Jobs in each queue by state, read at scrape time',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      const counts = await Promise.all(queues.map((queue) => queue.getJobCounts(...QUEUE_STATES)));
      queues.forEach((queue, index) => {
        for (const state of QUEUE_STATES) {
          this.set({ queue: queue.name, state }, counts[index]?.[state] ?? 0);
        }
      });
    },
  });

  // One read feeds both gauges of a scrape.
  let backlog: Promise<{ submissions: number; oldestCreatedAt: Date | null }> | null = null;
  const readBacklog = () => {
    backlog ??= outboxDeliveryRepository.pendingBacklog().finally(() => {
      backlog = null;
    });

    return backlog;
  };
  new Gauge({
    name: 'formwell_outbox_pending_submissions',
    help: 'Submissions with at least one outbox entry (email or webhook) not done yet',
    registers: [registry],
    async collect() {
      this.set((await readBacklog()).submissions);
    },
  });
  new Gauge({
    name: 'formwell_outbox_oldest_pending_age_seconds',
    help: 'Age of the oldest submission with a pending outbox entry (0 when none)',
    registers: [registry],
    async collect() {
      const { oldestCreatedAt } = await readBacklog();
      this.set(oldestCreatedAt ? Math.max(0, (Date.now() - oldestCreatedAt.getTime()) / 1000) : 0);
    },
  });

  return {
    registry,
    jobs: {
      webhookDelivery: (outcome) => deliveries.inc({ outcome: deliveryLabel(outcome) }),
      email: (outcome) => emails.inc({ outcome: emailLabel(outcome) }),
    },
    async close() {
      await Promise.all(queues.map((queue) => queue.close()));
    },
  };
}
