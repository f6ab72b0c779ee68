import type { TInboundEventRecord } from '@formwell/db';
import { z } from 'zod';

/** A received notification as the dashboard lists it. */
export const ZInboundEventViewSchema = z.object({
  id: z.string(),
  event: z.string(),
  formId: z.string(),
  submissionId: z.string(),
  /** The sender's timestamp of the event. */
  occurredAt: z.string(),
  fields: z.record(z.string(), z.unknown()),
  receivedAt: z.string(),
});

export type TInboundEventView = z.infer<typeof ZInboundEventViewSchema>;

export function toInboundEventView(record: TInboundEventRecord): TInboundEventView {
  return {
    id: record.id,
    event: record.event,
    formId: record.formId,
    submissionId: record.submissionId,
    occurredAt: record.occurredAt.toISOString(),
    fields: JSON.parse(record.fieldsJson) as Record<string, unknown>,
    receivedAt: record.createdAt.toISOString(),
  };
}
