import {
  createEmbedKey,
  createForm,
  createUser,
  loadConfig,
  updateForm,
  type TCreateFormInput,
} from '@formwell/core';

import { launchChromium, serveCustomerSite } from '@formwell/vitest-config/chromium';

import { bundlePage } from './bundle-page.js';
import { startFormwell } from './formwell-server.js';

const config = loadConfig({ env: {} });

/** A PRO owner (file fields need a paid plan) with one form of these fields, open to embed keys. */
async function ownerWithForm(fields: TCreateFormInput['fields']) {
  const user = await createUser({
    config,
    input: { email: `react-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'PRO' },
  });
  const form = await createForm({
    config,
    userId: user.id,
    input: { name: 'Embedded form', formType: 'contact', fields },
  });
  // Embed keys submit under the rules of the public endpoint, so the form opts in as a page's form would.
  await updateForm({
    config,
    userId: user.id,
    formId: form.id,
    data: { publicSubmissions: { enabled: true } },
  });

  return { userId: user.id, formId: form.id };
}

/**
 * The real server on 127.0.0.1, an owner with a form of these fields, and a customer's site on
 * `localhost` (another origin) serving one of `test/page/` bundled with an embed key for the form;
 * opened in Chromium.
 */
export async function openEmbedPage(pageEntry: string, fields: TCreateFormInput['fields']) {
  // Filled in once the embed key exists: the key names the site's origin.
  const pages: Record<string, string> = {};
  const site = await serveCustomerSite(pages);
  // The server first: it connects the database the owner and form are written to.
  const { origin: apiOrigin } = await startFormwell({ CORS_ORIGINS: site.origin });
  const { userId, formId } = await ownerWithForm(fields);
  const { key } = await createEmbedKey({ userId, formId, allowedOrigins: [site.origin] });
  const script = await bundlePage(pageEntry);
  pages['/'] =
    `<!doctype html><html><head><title>Embedded form</title></head><body><div id="root"></div>` +
    `<script>window.FORMWELL = ${JSON.stringify({ baseUrl: apiOrigin, apiKey: key, formId })};</script>` +
    `<script type="module">${script.replaceAll('</script', '<\\/script')}</script></body></html>`;
  const page = await (await launchChromium()).newPage();
  await page.goto(`${site.origin}/`);

  return { page, apiOrigin, userId, formId };
}
