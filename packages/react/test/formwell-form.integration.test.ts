import {
  createEmbedKey,
  createForm,
  createUser,
  listSubmissions,
  loadConfig,
  updateForm,
} from '@formwell/core';
import { expect, test } from 'vitest';

import { bundlePage } from './helpers/bundle-page.js';
import { launchChromium, serveSite } from './helpers/chromium.js';
import { startFormwell } from './helpers/formwell-server.js';

const config = loadConfig({ env: {} });

async function ownerWithContactForm() {
  const user = await createUser({
    config,
    input: { email: `react-${Date.now()}@example.com`, password: 'correct horse battery', plan: 'PRO' },
  });
  const form = await createForm({
    config,
    userId: user.id,
    input: {
      name: 'Contact',
      formType: 'contact',
      fields: [
        { name: 'email', label: 'Email', type: 'email', required: true },
        { name: 'message', label: 'Message', type: 'textarea', required: false },
        { name: 'newsletter', label: 'Newsletter', type: 'checkbox', required: false },
      ],
    },
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

// Bundling, Chromium start-up and page loads are slow on a busy machine; the bound is generous.
test(
  'a React page on another origin submits with an embed key: field errors of a bad submission, then success',
  { timeout: 180_000 },
  async () => {
    const site = await serveSite();
    const { origin: apiOrigin } = await startFormwell({ CORS_ORIGINS: site.origin });
    const { userId, formId } = await ownerWithContactForm();
    const { key } = await createEmbedKey({ userId, formId, allowedOrigins: [site.origin] });
    const script = await bundlePage('../page/contact-page.tsx');
    site.setPage(
      `<!doctype html><html><head><title>Contact us</title></head><body><div id="root"></div>` +
        `<script>window.FORMWELL = ${JSON.stringify({ baseUrl: apiOrigin, apiKey: key, formId })};</script>` +
        `<script type="module">${script.replaceAll('</script', '<\\/script')}</script></body></html>`,
    );
    const page = await (await launchChromium()).newPage();
    await page.goto(`${site.origin}/`);

    await page.getByLabel('Email').fill('not an email');
    await page.getByRole('button', { name: 'Send' }).click();
    const fieldError = page.locator('[data-field-error="email"]');
    await fieldError.waitFor();

    expect(await fieldError.textContent()).toMatch(/email/i);
    expect(await page.locator('[data-error-code]').getAttribute('data-error-code')).toBe('BAD_REQUEST');
    expect((await listSubmissions({ userId, formId })).submissions).toEqual([]);

    await page.getByLabel('Email').fill('ada@example.com');
    await page.getByLabel('Message').fill('Hello from React');
    await page.getByLabel('Newsletter').check();
    await page.getByRole('button', { name: 'Send' }).click();
    const submitted = page.locator('[data-submission-id]');
    await submitted.waitFor();
    const submissionId = await submitted.getAttribute('data-submission-id');

    expect(await page.locator('[data-field-error]').count()).toBe(0);
    expect(await page.locator('[data-status]').getAttribute('data-status')).toBe('success');
    const stored = (await listSubmissions({ userId, formId })).submissions;
    expect(stored.map(({ id, data }) => ({ id, data }))).toEqual([
      {
        id: submissionId,
        data: { email: 'ada@example.com', message: 'Hello from React', newsletter: true },
      },
    ]);
  },
);
