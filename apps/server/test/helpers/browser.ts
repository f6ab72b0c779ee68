export { launchChromium, serveCustomerSite } from '@formwell/vitest-config/chromium';
