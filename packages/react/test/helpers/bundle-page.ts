import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { build, defaultClientConditions, type Rolldown } from 'vite';

/**
 * The test page bundled for the browser by Vite, as a customer's build would: React, react-dom,
 * @formwell/react and @formwell/client from their sources. Returns the entry chunk's code.
 */
export async function bundlePage(entry: string): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    plugins: [react()],
    resolve: { conditions: ['@formwell/source', ...defaultClientConditions] },
    build: {
      write: false,
      minify: false,
      rollupOptions: { input: fileURLToPath(new URL(entry, import.meta.url)) },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const entryChunk = outputs
    .flatMap(({ output: files }) => files)
    .find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry);
  if (!entryChunk) {
    throw new Error(`Vite produced no entry chunk for ${entry}`);
  }

  return entryChunk.code;
}
