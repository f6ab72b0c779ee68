import { getInboundReceiver } from '@formwell/core';

import { sessionProcedure } from '../../actor/actor-procedure.js';
import { ZInboundReceiverRequestSchema, ZInboundReceiverResponseSchema } from './inbound-receiver.types.js';

/**
 * The signed-in owner's own custom receiver (URL and secret, made on first use): what is posted
 * there signed with that secret is filed under this owner only. Dashboard only.
 */
export const inboundReceiverRoute = sessionProcedure
  // It reveals the signing secret (and makes the receiver on first use): a viewer may not.
  .meta({ workspaceAbility: 'write' })
  .input(ZInboundReceiverRequestSchema)
  .output(ZInboundReceiverResponseSchema)
  .query(({ ctx }) =>
    getInboundReceiver({ userId: ctx.actor.workspaceId, publicUrl: ctx.services.config.publicUrl }),
  );

/** A new secret for the owner's receiver; the URL stays, the old secret stops verifying at once. */
export const rotateInboundReceiverRoute = sessionProcedure
  .input(ZInboundReceiverRequestSchema)
  .output(ZInboundReceiverResponseSchema)
  .mutation(({ ctx }) =>
    getInboundReceiver({
      userId: ctx.actor.workspaceId,
      publicUrl: ctx.services.config.publicUrl,
      rotate: true,
    }),
  );
