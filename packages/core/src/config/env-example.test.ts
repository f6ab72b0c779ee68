import { readFileSync } from 'node:fs';

import { describe, expect, test } from 'vitest';

import { ZCoreEnvSchema } from './env.js';

// The repository's `.env.example` is where self-hosters look up a setting: a variable the code
// reads but the file leaves out is one nobody can find without reading the source.
const envExample = readFileSync(new URL('../../../../.env.example', import.meta.url), 'utf8');

describe('.env.example', () => {
  test('documents every variable of core configuration', () => {
    const listed = new Set(
      envExample
        .split('\n')
        .map((line) => /^#?\s*([A-Z][A-Z0-9_]*)=/.exec(line)?.[1])
        .filter((name) => name !== undefined),
    );
    const missing = Object.keys(ZCoreEnvSchema.shape).filter((name) => !listed.has(name));

    expect(missing).toEqual([]);
  });
});
