import { readFile } from 'node:fs/promises';

import { expect, test } from 'vitest';

import { DRIFT_MESSAGE, GENERATED_TYPES_FILE, renderTypes } from '../scripts/render-types.js';

// The same guard as the build's, in the test run: a change of the server's OpenAPI document that the
// committed client types do not follow fails here too, not only when someone builds the client.
test(
  'the committed client types are those of the current OpenAPI document',
  { timeout: 60_000 },
  async () => {
    const committed = await readFile(GENERATED_TYPES_FILE, 'utf8');

    expect(committed === (await renderTypes()), DRIFT_MESSAGE).toBe(true);
  },
);
