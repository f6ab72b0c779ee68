import { fileURLToPath } from 'node:url';

import { packedPackage, publishedFiles } from '@formwell/vitest-config/packed-package';
import { expect, test } from 'vitest';

// Building and packing are slow on a busy machine; the bound is generous.
test(
  'the published package holds the built code, its types and the README; React 18 and 19 are accepted',
  { timeout: 180_000 },
  async () => {
    const { files, manifest } = await packedPackage(fileURLToPath(new URL('..', import.meta.url)));

    expect(files).toEqual(
      publishedFiles(['captcha', 'form-data', 'formwell-form', 'index', 'use-formwell-submit']),
    );
    expect(manifest.exports).toEqual({ '.': { types: './dist/index.d.ts', default: './dist/index.js' } });
    expect(manifest.peerDependencies).toEqual({ react: '^18.0.0 || ^19.0.0' });
    expect(manifest.dependencies).toEqual({ '@formwell/client': manifest.version });
  },
);
