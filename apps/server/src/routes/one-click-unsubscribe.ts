import { ONE_CLICK_UNSUBSCRIBE_PATH, unsubscribeNotificationRecipient } from '@formwell/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** What RFC 8058 clients send (`List-Unsubscribe=One-Click`, form-encoded): a few bytes, never read. */
const BODY_LIMIT_BYTES = 1024;

function tokenOf(request: FastifyRequest<{ Querystring: { token?: unknown } }>): string {
  return typeof request.query.token === 'string' ? request.query.token : '';
}

/**
 * The one-click unsubscribe of an extra recipient's notification (the URL of its
 * `List-Unsubscribe` header). A mail client's POST unsubscribes at once: the signed token in the
 * query is the only permission, no session, no JavaScript. A GET (a scanner or a person following
 * the header's link) only leads to the page with the button, so fetching the URL changes nothing.
 * A token that is not genuine is 400 `This link is invalid, used or expired`. Its own scope, so
 * any body type is accepted (clients send form-encoded or multipart) and ignored.
 */
export function oneClickUnsubscribeRoutes(app: FastifyInstance, _options: unknown, done: () => void) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: BODY_LIMIT_BYTES }, (_request, _body, next) =>
    next(null, undefined),
  );

  app.post<{ Querystring: { token?: unknown } }>(ONE_CLICK_UNSUBSCRIBE_PATH, async (request) => {
    const result = await unsubscribeNotificationRecipient({ token: tokenOf(request) });
    request.log.info({ unsubscribed: true }, 'notification recipient unsubscribed in one click');

    return result;
  });

  app.get<{ Querystring: { token?: unknown } }>(ONE_CLICK_UNSUBSCRIBE_PATH, (request, reply) =>
    reply.redirect(`/notifications/unsubscribe#token=${encodeURIComponent(tokenOf(request))}`, 303),
  );

  done();
}
