// Fails when a workspace package names a dependency version directly instead of `catalog:` or
// `workspace:*`, so the whole repository keeps exactly one version of each shared library.
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const manifests = ['package.json'];
for (const group of ['apps', 'packages', 'tooling']) {
  for (const name of readdirSync(join(root, group))) {
    const manifest = join(group, name, 'package.json');
    if (existsSync(join(root, manifest))) manifests.push(manifest);
  }
}

const problems = [];
for (const manifest of manifests) {
  const pkg = JSON.parse(readFileSync(join(root, manifest), 'utf8'));
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies', 'optionalDependencies']) {
    for (const [name, version] of Object.entries(pkg[field] ?? {})) {
      // `catalog:<name>`: a named catalog (the peer ranges a published package accepts).
      if (!/^catalog:[a-z-]*$/.test(version) && version !== 'workspace:*') {
        problems.push(
          `${manifest}: ${field}.${name} is "${version}"; use "catalog:" (pnpm-workspace.yaml) or "workspace:*"`,
        );
      }
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`check-catalog: ${manifests.length} manifests use the catalog`);
