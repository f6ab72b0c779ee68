import { randomBytes } from 'node:crypto';

import { inboundReceiverRepository } from '@formwell/db';

/** Where an owner's own receiver listens, under the server's public URL. */
export const CUSTOM_RECEIVER_PATH = '/api/webhooks/custom';

/** An owner's receiver: its URL, and the secret its senders sign with (shown to the owner only). */
export type TInboundReceiverView = { url: string; receiverId: string; secret: string };

function freshReceiver() {
  return {
    receiverId: `rcv_${randomBytes(12).toString('base64url')}`,
    secret: `whrs_${randomBytes(32).toString('base64url')}`,
  };
}

/**
 * The owner's own custom receiver, made on first use: `POST <PUBLIC_URL>/api/webhooks/custom/<id>`,
 * signed (`x-service-signature`, hex HMAC-SHA256 of the raw body keyed with the secret's UTF-8
 * bytes) with a secret no other owner knows, so what arrives there is filed under this owner only.
 * `rotate` replaces the secret (the URL stays); senders holding the old one are refused from then on.
 */
export async function getInboundReceiver({
  userId,
  publicUrl,
  rotate = false,
}: {
  userId: string;
  publicUrl: string;
  rotate?: boolean;
}): Promise<TInboundReceiverView> {
  const record = await inboundReceiverRepository.upsert({
    userId,
    fresh: freshReceiver(),
    replaceSecret: rotate,
  });

  return {
    url: `${publicUrl}${CUSTOM_RECEIVER_PATH}/${record.receiverId}`,
    receiverId: record.receiverId,
    secret: record.secret,
  };
}

/** The owner and secret of a receiver id from a request's path; null for an unknown id. */
export async function findInboundReceiver({
  receiverId,
}: {
  receiverId: string;
}): Promise<{ userId: string; secret: string } | null> {
  const record = await inboundReceiverRepository.findByReceiverId({ receiverId });

  return record ? { userId: record.userId, secret: record.secret } : null;
}
