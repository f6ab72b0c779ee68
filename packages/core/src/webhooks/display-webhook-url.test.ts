import { describe, expect, test } from 'vitest';

import { displayWebhookUrl } from './display-webhook-url.js';

describe('displayWebhookUrl', () => {
  test('keeps the scheme, the host and the first path segment; the rest becomes …', () => {
    expect(displayWebhookUrl('https://hooks.slack.com/services/T0001/B0002/abcdefghijklmnop')).toBe(
      'https://hooks.slack.com/services/…',
    );
    expect(displayWebhookUrl('https://discord.com/api/webhooks/1234567890/Tok-en_x?wait=true')).toBe(
      'https://discord.com/api/…',
    );
    expect(displayWebhookUrl('http://127.0.0.1:8080/hook?access_token=t1&topic=forms')).toBe(
      'http://127.0.0.1:8080/hook/…',
    );
    expect(displayWebhookUrl('https://h.example.com/?token=abc')).toBe('https://h.example.com/…');
    expect(displayWebhookUrl('https://h.example.com/in#secret')).toBe('https://h.example.com/in/…');
  });

  test('user names and passwords are hidden too', () => {
    expect(displayWebhookUrl('https://alice:s3cret@hooks.example.com/in')).toBe(
      'https://hooks.example.com/in/…',
    );
    expect(displayWebhookUrl('https://ghp_token123@hooks.example.com/in')).toBe(
      'https://hooks.example.com/in/…',
    );
  });

  test('a URL with nothing past its first segment comes back byte for byte', () => {
    for (const url of [
      'https://hooks.example.com/in',
      'https://Hooks.example.com',
      'https://h.example.com/in/',
      'not a url',
    ]) {
      expect(displayWebhookUrl(url)).toBe(url);
    }
  });

  test('masking a masked URL changes nothing', () => {
    for (const url of [
      'https://hooks.slack.com/services/T0001/B0002/abcdefghijklmnop',
      'https://h.example.com/?token=abc',
      'https://alice:s3cret@hooks.example.com/in',
    ]) {
      const once = displayWebhookUrl(url);
      expect(displayWebhookUrl(once)).toBe(once);
    }
  });
});
