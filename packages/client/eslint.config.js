import baseConfig from '@formwell/eslint-config';

// openapi-typescript's output is checked by the drift guard (scripts/), not linted by hand.
export default [{ ignores: ['src/generated/**'] }, ...baseConfig];
