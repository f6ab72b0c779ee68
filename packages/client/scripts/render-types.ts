import { buildServerOpenApiDocument } from '@formwell/server/openapi-document';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';

/** The committed types, which the build and a unit test compare with what the document gives now. */
export const GENERATED_TYPES_FILE = new URL('../src/generated/openapi.ts', import.meta.url);

const HEADER =
  '// Generated from the Formwell OpenAPI document by scripts/generate-types.ts; do not edit.\n' +
  '// Regenerate with `pnpm --filter @formwell/client generate`.\n';

/** The TypeScript types of the server's current OpenAPI document, formatted as the repository formats. */
export async function renderTypes(): Promise<string> {
  // Fixed values: the URL and version appear in no type, and the output must not depend on the machine.
  const document = buildServerOpenApiDocument({ publicUrl: 'https://formwell.example', version: '0.0.0' });
  const ast = await openapiTS(document as never, { alphabetize: true });
  const options = await resolveConfig(GENERATED_TYPES_FILE.pathname);

  return format(HEADER + astToString(ast), { ...options, filepath: GENERATED_TYPES_FILE.pathname });
}

export const DRIFT_MESSAGE =
  'packages/client/src/generated/openapi.ts does not match the server OpenAPI document.\n' +
  'Run `pnpm --filter @formwell/client generate`, review the type changes, and commit them.';
