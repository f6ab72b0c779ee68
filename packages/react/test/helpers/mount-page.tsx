import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';

/** What the test writes into the page: the server, the embed key and the form. */
export type TPageConfig = { baseUrl: string; apiKey: string; formId: string };

declare global {
  interface Window {
    FORMWELL: TPageConfig;
  }
}

/** Renders a test page's component into `#root` with the configuration the test wrote. */
export function mountPage(Page: ComponentType<TPageConfig>): void {
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(<Page {...window.FORMWELL} />);
  }
}
