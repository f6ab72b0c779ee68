import baseConfig from '@formwell/eslint-config';

/**
 * How `npm test` lints: one ESLint run over the workspace with the packages' own rules
 * (tooling/eslint), except that the Node packages' TypeScript is type-checked in one program
 * (tsconfig.check.json). Each package's tsconfig.json includes the sources of the workspace
 * packages it imports, so linting package by package built the types of core, db and the rest
 * again in every package above them. The dashboard keeps its own tsconfig (DOM, JSX).
 * `pnpm --filter <pkg> lint` still lints one package with its own eslint.config.js.
 */
const checkConfig = [
  // Plain JavaScript that start.mjs loads before any TypeScript tooling; it has no lint script.
  { ignores: ['packages/local-services/**'] },
  // openapi-typescript's output, checked by the client's drift guard rather than by hand.
  { ignores: ['packages/client/src/generated/**'] },
  ...baseConfig,
  {
    files: ['**/*.ts'],
    ignores: ['apps/admin/**', 'packages/react/**'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: ['./tsconfig.check.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
];

export default checkConfig;
