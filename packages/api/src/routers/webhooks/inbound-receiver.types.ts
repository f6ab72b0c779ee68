import { z } from 'zod';

export const ZInboundReceiverRequestSchema = z.object({}).strict();

/** The owner's own custom receiver; the secret is the owner's, shown to them only. */
export const ZInboundReceiverResponseSchema = z.object({
  url: z.string(),
  receiverId: z.string(),
  secret: z.string(),
});
