export { default } from '@formwell/vitest-config/integration';
