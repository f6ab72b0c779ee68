import type { FastifyInstance } from 'fastify';

import { jsonNestsDeeperThan, MAX_JSON_DEPTH } from './json-depth.js';

const JSON_TOO_DEEP_TEXT = `JSON nested deeper than ${MAX_JSON_DEPTH} levels`;

export type JsonBodyParserOptions = {
  /** Hand the checked text on unparsed (tRPC parses request bodies itself). */
  passText?: boolean;
};

/**
 * Replaces the scope's `application/json` parser with one that refuses deep nesting before anything
 * walks the value: the raw text is scanned flat, then parsed by Fastify's own parser (which also
 * refuses `__proto__`/`constructor` poisoning). Fastify's body limit still applies first (413).
 */
export function useJsonBodyParser(app: FastifyInstance, { passText = false }: JsonBodyParserOptions = {}) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonNestsDeeperThan(text, MAX_JSON_DEPTH)) {
      done(Object.assign(new Error(JSON_TOO_DEEP_TEXT), { statusCode: 400 }), undefined);

      return;
    }
    if (passText) {
      done(null, text);

      return;
    }
    void parseJson(request, text, done);
  });
}
