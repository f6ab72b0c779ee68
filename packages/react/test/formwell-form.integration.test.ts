import { listSubmissions } from '@formwell/core';
import { expect, test } from 'vitest';

import { openEmbedPage } from './helpers/embed-page.js';

const CONTACT_FIELDS = [
  { name: 'email', label: 'Email', type: 'email', required: true },
  { name: 'message', label: 'Message', type: 'textarea', required: false },
  { name: 'newsletter', label: 'Newsletter', type: 'checkbox', required: false },
] as const;

// Bundling, Chromium start-up and page loads are slow on a busy machine; the bound is generous.
test('a React page on another origin submits with an embed key: field errors of a bad submission, then success', async () => {
  const { page, userId, formId } = await openEmbedPage('../page/contact-page.tsx', [...CONTACT_FIELDS]);

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
});
