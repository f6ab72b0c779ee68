import { fileURLToPath } from 'node:url';

import { packedPackage, publishedFiles } from '@formwell/vitest-config/packed-package';
import { expect, test } from 'vitest';

// Building and packing are slow on a busy machine; the bound is generous.
test(
  'the published package holds the built code, its types and the README, and names real versions',
  { timeout: 180_000 },
  async () => {
    const { files, manifest } = await packedPackage(fileURLToPath(new URL('..', import.meta.url)));

    expect(files).toEqual(
      publishedFiles([
        'client',
        'errors',
        'formwell-client',
        'generated/openapi',
        'index',
        'multipart-submit',
      ]),
    );
    expect(manifest.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
    // The catalog's version, written out: a `catalog:` or `workspace:` spec would not install.
    const { dependencies } = manifest as { dependencies: Record<string, string> };
    expect(Object.keys(dependencies)).toEqual(['openapi-fetch']);
    expect(dependencies['openapi-fetch']).toMatch(/^\d+\.\d+\.\d+$/);
  },
);
