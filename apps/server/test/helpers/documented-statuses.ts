import { createDocumentedPathLookup } from '../../src/http/documented-path.js';
import { apiV1Paths, buildServerOpenApiDocument } from '../../src/http/openapi-document.js';

const BASE_PATH = '/api/v1';

export type TObservedResponse = { method: string; url: string; status: number };

type TOperation = { responses?: Record<string, unknown> };

const document = buildServerOpenApiDocument({ publicUrl: 'http://localhost', version: 'test' });
const paths = apiV1Paths(document) as Record<string, Record<string, TOperation | undefined>>;
const documentedPath = createDocumentedPathLookup(paths);

/**
 * The responses of documented operations whose status the OpenAPI document does not list for that
 * operation, as `GET /forms/{formId} answered 418`. A wrong method (405) or an unknown path is no
 * operation's response, so it is not checked here.
 */
export function undocumentedStatuses(responses: readonly TObservedResponse[]): string[] {
  const found = new Set<string>();
  for (const { method, url, status } of responses) {
    const pathname = url.split('?')[0] ?? '';
    if (!pathname.startsWith(`${BASE_PATH}/`)) {
      continue;
    }
    const matched = documentedPath(pathname.slice(BASE_PATH.length));
    if (!matched?.methods.includes(method)) {
      continue;
    }
    const responsesOfOperation = paths[matched.path]?.[method.toLowerCase()]?.responses ?? {};
    if (!(String(status) in responsesOfOperation)) {
      found.add(`${method} ${matched.path} answered ${status}`);
    }
  }

  return [...found].sort();
}

type TLogLine = { reqId?: string; req?: { method?: string; url?: string }; res?: { statusCode?: number } };

/**
 * Every response an app sent, read back from its request log: Fastify logs `incoming request` with
 * the method and URL and `request completed` with the status, under one request id.
 */
export function responsesFromLog(logLines: readonly string[]): TObservedResponse[] {
  const requests = new Map<string, { method: string; url: string }>();
  const responses: TObservedResponse[] = [];
  for (const line of logLines) {
    let entry: TLogLine;
    try {
      entry = JSON.parse(line) as TLogLine;
    } catch {
      continue;
    }
    if (!entry.reqId) {
      continue;
    }
    if (entry.req?.method && entry.req.url) {
      requests.set(entry.reqId, { method: entry.req.method, url: entry.req.url });
    }
    const request = requests.get(entry.reqId);
    if (entry.res?.statusCode && request) {
      responses.push({ ...request, status: entry.res.statusCode });
    }
  }

  return responses;
}
