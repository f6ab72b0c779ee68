// Writes src/generated/openapi.ts from the server's OpenAPI document, or with `--check` (the build)
// fails when the committed file is not what the current document produces: a change of the API that
// the published types do not cover stops the build instead of shipping a client that lies.
import { readFile, writeFile } from 'node:fs/promises';

import { DRIFT_MESSAGE, GENERATED_TYPES_FILE, renderTypes } from './render-types.js';

const wanted = await renderTypes();
if (process.argv.includes('--check')) {
  const committed = await readFile(GENERATED_TYPES_FILE, 'utf8').catch(() => '');
  if (committed !== wanted) {
    console.error(DRIFT_MESSAGE);
    process.exit(1);
  }
  console.log('client types match the OpenAPI document');
} else {
  await writeFile(GENERATED_TYPES_FILE, wanted);
  console.log(`wrote ${GENERATED_TYPES_FILE.pathname}`);
}
