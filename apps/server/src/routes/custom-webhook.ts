import { createHmac, timingSafeEqual } from 'node:crypto';

import {
  AppError,
  buildErrorBody,
  CUSTOM_RECEIVER_PATH,
  ErrorMessages,
  findInboundReceiver,
  recordInboundEvent,
} from '@formwell/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { BODY_LIMIT_BYTES } from '../http/body-limits.js';
import { JSON_TOO_DEEP_TEXT } from '../http/json-body-parser.js';
import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from '../http/json-depth.js';

const SIGNATURE_HEADER = 'x-service-signature';
/** Below this a secret can be found by trying guesses against one signed body. */
const MIN_SECRET_LENGTH = 16;

export type CustomWebhookRoutesOptions = {
  /** The shared signing secret; without one every request is refused, since none can be verified. */
  secret: string | undefined;
};

/**
 * The custom webhook receivers: a submission notification signed (lower-case hex HMAC-SHA256 of the
 * exact body bytes, keyed with the secret's UTF-8 bytes) either with the install's shared secret
 * (`/api/webhooks/custom`, CUSTOM_WEBHOOK_SECRET: shown to the owner of the form it names, as
 * before) or with an owner's own receiver secret (`/api/webhooks/custom/:receiverId`: filed under
 * that owner only, whatever form it names). Its own scope, so the body reaches the handler as the
 * raw bytes that were signed, whatever the content type.
 */
export function customWebhookRoutes(
  app: FastifyInstance,
  { secret }: CustomWebhookRoutesOptions,
  done: () => void,
) {
  if (!secret) {
    app.log.warn('CUSTOM_WEBHOOK_SECRET is not set: POST /api/webhooks/custom refuses every request');
  } else if (secret.length < MIN_SECRET_LENGTH) {
    app.log.warn(`CUSTOM_WEBHOOK_SECRET is shorter than ${MIN_SECRET_LENGTH} characters: it can be guessed`);
  }
  const key = secret ? Buffer.from(secret, 'utf8') : undefined;
  const parseJson = app.getDefaultJsonParser('error', 'error');

  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, body, next) =>
    next(null, body),
  );

  const receive = async (
    request: FastifyRequest,
    reply: FastifyReply,
    signer: { key: Buffer; receiverUserId: string | null } | null,
  ) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const text = raw.toString('utf8');
    // The body limits every path keeps (size, then depth) come before anything else is done with
    // the body, the signature check included, as on every other path.
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      return reply.code(400).send(buildErrorBody(400, { message: JSON_TOO_DEEP_TEXT }));
    }
    if (!signer || !hasValidSignature(signer.key, raw, request.headers[SIGNATURE_HEADER])) {
      return reply.code(401).type('text/plain; charset=utf-8').send(ErrorMessages.INVALID_SIGNATURE);
    }
    let payload: unknown;
    try {
      payload = await parseWith(parseJson, request, text);
    } catch {
      return reply.code(400).send(buildErrorBody(400, { message: 'Body is not valid JSON' }));
    }
    try {
      await recordInboundEvent({ payload, receiverUserId: signer.receiverUserId });
    } catch (error) {
      if (AppError.is(error)) {
        return reply.code(error.httpStatus).send(error.toBody());
      }
      throw error;
    }

    // A repeat of an event already recorded is answered the same: the sender retries until a 2xx.
    return reply.send({ received: true });
  };

  app.post(CUSTOM_RECEIVER_PATH, (request, reply) =>
    receive(request, reply, key ? { key, receiverUserId: null } : null),
  );
  // An unknown receiver id is answered as a bad signature: ids cannot be probed.
  app.post<{ Params: { receiverId: string } }>(
    `${CUSTOM_RECEIVER_PATH}/:receiverId`,
    async (request, reply) => {
      const receiver = await findInboundReceiver({ receiverId: request.params.receiverId });

      return receive(
        request,
        reply,
        receiver ? { key: Buffer.from(receiver.secret, 'utf8'), receiverUserId: receiver.userId } : null,
      );
    },
  );

  done();
}

/** Constant-time comparison of the sent signature with the expected one (equal lengths first). */
function hasValidSignature(key: Buffer, raw: Buffer, sent: string | string[] | undefined): boolean {
  if (typeof sent !== 'string') {
    return false;
  }
  const expected = Buffer.from(createHmac('sha256', key).update(raw).digest('hex'), 'utf8');
  const actual = Buffer.from(sent, 'utf8');

  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Fastify's own JSON parser (which also refuses `__proto__` and `constructor` poisoning), awaited. */
function parseWith(
  parser: ReturnType<FastifyInstance['getDefaultJsonParser']>,
  request: FastifyRequest,
  text: string,
): Promise<unknown> {
  return new Promise((resolve, reject) => {
    void parser(request, text, (error: Error | null, value?: unknown) =>
      error ? reject(error) : resolve(value),
    );
  });
}
