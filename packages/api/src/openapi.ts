import { generateOpenApiDocument } from 'trpc-to-openapi';
import { z } from 'zod';

import { listProcedures } from './procedures.js';
import { appRouter } from './router.js';

type TResponse = { content?: Record<string, { schema?: unknown } | undefined> };

export type BuildOpenApiDocumentOptions = { baseUrl: string; version: string };

/** The OpenAPI 3.1 document of everything under /api/v1, generated from the router's meta. */
export function buildOpenApiDocument({ baseUrl, version }: BuildOpenApiDocumentOptions) {
  const document = generateOpenApiDocument(appRouter, {
    title: 'Formwell API',
    description:
      'Forms, submissions and analytics. Authenticate with an API key in the X-API-Key header. Typed clients generated from this document: `@formwell/client` (browsers and Node: `createFormwellClient({ baseUrl, apiKey })`, then `forms.create/update/delete`, `submit`, `submissions.list/get/delete`, …) and `@formwell/react` (a hook and a `<FormwellForm>` component that submit fields, files and a CAPTCHA token with an embed key).',
    version,
    baseUrl,
    securitySchemes: {
      ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
    },
  });

  const paths = (document.paths ?? {}) as Record<
    string,
    Record<string, { responses?: Record<string, TResponse | undefined> } | undefined>
  >;
  for (const { meta } of listProcedures()) {
    const openapi = meta?.openapi;
    const status = meta?.successStatus;
    const responses = openapi ? paths[openapi.path]?.[openapi.method.toLowerCase()]?.responses : undefined;
    const json = responses?.['200']?.content?.['application/json'];
    const restOutputId = meta?.restOutput && z.globalRegistry.get(meta.restOutput)?.id;
    if (json && restOutputId) {
      json.schema = { $ref: `#/components/schemas/${restOutputId}` };
    }
    // The generator always documents success as 200; move it to the status the REST face really sends.
    if (status && responses?.['200']) {
      responses[String(status)] = responses['200'];
      delete responses['200'];
    }
  }

  return document;
}
