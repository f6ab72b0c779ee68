import { buildOpenApiDocument } from '@formwell/api';

/** JSON Schema of the one error body of decisions.md §3, as the server really sends it. */
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
 * The generated document describes trpc-to-openapi's own error shape (`{message, code, issues}`),
 * but the server rewrites every error body; replace those schemas so the document tells the truth.
 */
export function buildServerOpenApiDocument({ publicUrl, version }: { publicUrl: string; version: string }) {
  const document = buildOpenApiDocument({ baseUrl: `${publicUrl}/api/v1`, version });
  const schemas = (document.components?.schemas ?? {}) as SchemaMap;
  for (const name of Object.keys(schemas)) {
    if (name.startsWith('error.')) {
      schemas[name] = errorBodySchema;
    }
  }

  return document;
}
