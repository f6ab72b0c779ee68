export { default } from '@formwell/vitest-config/unit';
