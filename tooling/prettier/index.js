/** Shared Prettier settings: single quotes, width 110 (the middle of our reference codebases). */
export default {
  singleQuote: true,
  printWidth: 110,
  trailingComma: 'all',
};
