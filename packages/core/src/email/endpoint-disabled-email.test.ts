import { expect, test } from 'vitest';

import { endpointDisabledEmail } from './endpoint-disabled-email.js';

const failingFor = (failingForMs: number) =>
  endpointDisabledEmail({
    to: 'owner@example.com',
    url: 'https://hooks.example.com/in',
    reason: 'failing',
    failingForMs,
    dashboardUrl: 'https://forms.example.com',
  }).text;

test('the failing reason names the configured window in the largest exact unit', () => {
  expect(failingFor(5 * 24 * 3600_000)).toContain('every delivery attempt has failed for 5 days.');
  expect(failingFor(36 * 3600_000)).toContain('has failed for 36 hours.');
  expect(failingFor(60_000)).toContain('has failed for 1 minute.');
  expect(failingFor(8000)).toContain('has failed for 8 seconds.');
  expect(failingFor(1500)).toContain('has failed for 1.5 seconds.');
});

test('a 410 says so, whatever the window', () => {
  const { text, html } = endpointDisabledEmail({
    to: 'owner@example.com',
    url: 'https://hooks.example.com/in',
    reason: 'gone',
    failingForMs: 8000,
    dashboardUrl: 'https://forms.example.com',
  });

  expect(text).toContain('because it answered 410 Gone.');
  expect(html).toContain('because it answered 410 Gone.');
});
