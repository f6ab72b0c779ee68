import type { FastifyInstance } from 'fastify';

import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

export const JSON_TOO_DEEP_TEXT = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

/** Valid JSON that the parser refuses: a key that would reach an object's prototype. */
const PROTOTYPE_KEY_TEXT = 'JSON keys "__proto__" and "constructor.prototype" are not accepted';

export type JsonBodyParserOptions = {
  /** Hand the checked text on unparsed (tRPC parses request bodies itself). */
  passText?: boolean;
};

/**
 * Replaces the scope's `application/json` parser with one that refuses deep nesting before anything
 * walks the value: the raw text is scanned flat, then parsed by Fastify's own parser (which also
 * refuses `__proto__`/`constructor` poisoning). Fastify's body limit still applies first (413). An
 * empty body is no body.
 */
export function useJsonBodyParser(app: FastifyInstance, { passText = false }: JsonBodyParserOptions = {}) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    // No body at all, sent with a JSON content type anyway (clients that set the header on every
    // call, a DELETE or an action POST): the same as a request without a body, not broken JSON.
    if (text.length === 0) {
      done(null, undefined);

      return;
    }
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error(JSON_TOO_DEEP_TEXT), { statusCode: 400 }), undefined);

      return;
    }
    if (passText) {
      done(null, text);

      return;
    }
    void parseJson(request, text, (error, value) => {
      // Fastify words a prototype key like broken JSON; tell the client which of the two it sent.
      done(
        error && isValidJson(text)
          ? Object.assign(new Error(PROTOTYPE_KEY_TEXT), { statusCode: 400 })
          : error,
        value,
      );
    });
  });
}

/** Only asked after the safe parser refused the text: plain JSON.parse adds no prototype. */
function isValidJson(text: string): boolean {
  try {
    JSON.parse(text);

    return true;
  } catch {
    return false;
  }
}
