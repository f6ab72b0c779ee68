import { readFileSync } from 'node:fs';

/** The server's version, from its package.json (reported by /api/v1/status and the OpenAPI doc). */
export const serverVersion: string = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
