export { default } from '@formwell/eslint-config';
