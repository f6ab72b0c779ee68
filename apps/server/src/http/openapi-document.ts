import { buildOpenApiDocument } from '@formwell/api';
import { ErrorMessages, PLATFORM_URL_PATTERNS } from '@formwell/core';

import { fileDownloadPath } from './openapi-file-download.js';
import { anyKeySecurity, csvExportPath, headerOnlyPaths, securitySchemes } from './openapi-extras.js';
import { applyParameterRules } from './openapi-parameter-rules.js';
import { publicFormPath } from './openapi-public-form.js';
import { refusePrototypeKeys } from './openapi-prototype-keys.js';
import { webhooksSection } from './openapi-webhooks.js';

/** JSON Schema of the one error body (core's buildErrorBody), as the server really sends it. */
export const errorBodySchema = {
  type: 'object',
  required: ['error', 'message', 'code'],
  properties: {
    error: { type: 'string', description: 'Human-readable error text.' },
    message: { type: 'string', description: 'Same as error, except where the interface gives two texts.' },
    code: { type: 'string', description: 'Machine code, e.g. NOT_FOUND.' },
    issues: { type: 'array', items: {}, description: 'Validation issues, for invalid input.' },
    fieldErrors: {
      type: 'object',
      additionalProperties: { type: 'string' },
      description: 'Per-field reasons, for invalid submission data.',
    },
  },
} as const;

type SchemaMap = Record<string, unknown>;

/**
 * A `Host` that is none of the server's names is refused with 421 before any route runs (the
 * generator knows no tRPC code for that status, so its body schema is named here).
 */
const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const MISDIRECTED_SCHEMA = 'error.MISDIRECTED_REQUEST';
const misdirectedResponse = {
  description: `${ErrorMessages.UNKNOWN_HOST} (the Host header is none of the server's names: PUBLIC_URL's, localhost, ALLOWED_HOSTS); code MISDIRECTED_REQUEST`,
  content: { 'application/json': { schema: { $ref: `#/components/schemas/${MISDIRECTED_SCHEMA}` } } },
};

type TContent = Record<string, { schema?: unknown }>;

type Operation = {
  security?: unknown;
  requestBody?: { content?: TContent };
  responses?: Record<string, { content?: TContent }>;
};

type TObjectSchema = { properties?: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/**
 * The integration body as one branch per platform, each `url` with that platform's hosts: the host
 * rule spans `type` and `url`, which the router's schema cannot state. A branch's `url` drops the
 * generic `uri` format, which says less than its pattern (and generators follow the format).
 */
function integrationBodyByPlatform(schema: TObjectSchema): TObjectSchema {
  const { properties = {}, ...rest } = schema;
  const { format: _format, pattern: _pattern, ...url } = properties.url ?? {};

  return {
    ...rest,
    oneOf: Object.entries(PLATFORM_URL_PATTERNS).map(([platform, pattern]) => ({
      ...rest,
      properties: {
        ...properties,
        type: { type: 'string', const: platform },
        url: { ...url, pattern },
      },
    })),
  };
}

/**
 * The generated document, corrected where the server does more than the router says: every error
 * body is rewritten (trpc-to-openapi describes its own `{message, code, issues}`), keys may also come
 * as a Bearer token or the legacy query parameter, and the CSV export is a plain route.
 */
export function buildServerOpenApiDocument({ publicUrl, version }: { publicUrl: string; version: string }) {
  const document = buildOpenApiDocument({ baseUrl: `${publicUrl}/api/v1`, version });
  const schemas = (document.components?.schemas ?? {}) as SchemaMap;
  for (const name of Object.keys(schemas)) {
    if (name.startsWith('error.')) {
      schemas[name] = errorBodySchema;
    }
  }
  document.components = { ...document.components, securitySchemes };
  const paths = (document.paths ?? {}) as Record<string, Record<string, Operation>>;
  for (const [path, operations] of Object.entries(paths)) {
    for (const operation of Object.values(operations)) {
      if (operation.security && !headerOnlyPaths.has(path)) {
        operation.security = anyKeySecurity;
      }
    }
  }
  paths['/forms/{formId}/submissions/export.csv'] = csvExportPath;
  paths['/forms/{formId}/submissions/{submissionId}/files/{fileId}'] = fileDownloadPath;
  const submitted = paths['/forms/submit']?.post?.responses?.['201']?.content?.['application/json']?.schema;
  paths['/f/{formId}'] = publicFormPath({ publicUrl, submitted }) as never;
  const integrationBody =
    paths['/forms/{formId}/integrations']?.post?.requestBody?.content?.['application/json'];
  if (integrationBody?.schema) {
    integrationBody.schema = integrationBodyByPlatform(integrationBody.schema as TObjectSchema);
  }
  applyParameterRules(paths as never);
  refusePrototypeKeys(paths);
  schemas[MISDIRECTED_SCHEMA] = errorBodySchema;
  for (const item of Object.values(paths)) {
    for (const [key, operation] of Object.entries(item)) {
      // A path item also holds `servers` and `parameters`, which are no operations.
      if (HTTP_METHODS.has(key)) {
        operation.responses = { ...operation.responses, '421': misdirectedResponse };
      }
    }
  }
  document.paths = paths;
  document.webhooks = webhooksSection() as never;

  return document;
}

/**
 * The paths served under /api/v1: every documented path but those that name a server of their own
 * (the keyless `/f/{formId}` at the site root).
 */
export function apiV1Paths(document: { paths?: Record<string, object> }): Record<string, object> {
  return Object.fromEntries(Object.entries(document.paths ?? {}).filter(([, item]) => !('servers' in item)));
}

export type TServerOpenApiDocument = ReturnType<typeof buildServerOpenApiDocument>;
