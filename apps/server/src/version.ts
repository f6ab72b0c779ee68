import { readFileSync } from 'node:fs';

type TManifest = { name?: string; version?: string };

function readManifest(relativePath: string): TManifest | null {
  try {
    return JSON.parse(readFileSync(new URL(relativePath, import.meta.url), 'utf8')) as TManifest;
  } catch {
    return null;
  }
}

/**
 * The product's version (reported by /api/v1/status and the OpenAPI document). Its one owner is the
 * repository root's package.json, which a release bumps (see the README). This file sits two
 * folders below the root's apps/server (src/ or dist/); a production artefact has no repository
 * root, and scripts/build-artifact.mjs writes the same version into the artefact's package.json.
 */
function productVersion(): string {
  const root = readManifest('../../../package.json');
  if (root?.name === 'formwell' && root.version) {
    return root.version;
  }
  const own = readManifest('../package.json');
  if (own?.version) {
    return own.version;
  }
  throw new Error('The product version is missing: no package.json with a version above the server');
}

export const serverVersion: string = productVersion();
