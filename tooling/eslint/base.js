import tseslint from 'typescript-eslint';

/**
 * The one ESLint setup: typescript-eslint's type-checked recommendations plus the house rules of
 * shared/design/conventions.md (type-only imports, no `!`, `_`-prefixed unused names, `test()` not `it()`,
 * and `process.env` read only in env.ts files).
 */
const noItCalls = { selector: "CallExpression[callee.name='it']", message: 'Use test() rather than it().' };

/**
 * Request input is never spread: spread over owner ids it can replace them (one tenant reading
 * another's data). Pick the fields by name instead. Applies where requests arrive (handlers,
 * procedures); lower layers take typed, already-picked values.
 */
const noRequestInputSpread = [
  {
    selector: 'SpreadElement[argument.name=/^(input|rawInput|query|body|params)$/]',
    message:
      'Do not spread request input; pick its fields by name (owner ids come from the authenticated context).',
  },
  {
    selector: 'SpreadElement[argument.property.name=/^(input|query|body|params)$/]',
    message:
      'Do not spread request input; pick its fields by name (owner ids come from the authenticated context).',
  },
];

const baseConfig = tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/.cache/**', '**/test-results/**'] },
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports' }],
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through the env.ts module.' },
      ],
      'no-restricted-syntax': ['error', noItCalls],
    },
  },
  {
    files: ['**/routes/**/*.ts', '**/routers/**/*.ts', '**/plugins/**/*.ts', '**/http/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-syntax': ['error', noItCalls, ...noRequestInputSpread] },
  },
  { files: ['**/*.js', '**/*.mjs'], ...tseslint.configs.disableTypeChecked },
  {
    files: [
      '**/env.ts',
      '**/*.test.ts',
      '**/test/**',
      '**/bench/**',
      '**/*.config.ts',
      '**/scripts/**',
      // Users' scripts, configured from their environment.
      '**/examples/**',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
);

export default baseConfig;
