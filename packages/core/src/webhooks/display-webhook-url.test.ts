import { describe, expect, test } from 'vitest';

import { displayWebhookUrl } from './display-webhook-url.js';

describe('displayWebhookUrl', () => {
  test('a URL with nothing to hide comes back byte for byte', () => {
    for (const url of [
      'https://hooks.example.com/in',
      'https://Hooks.example.com/a/../b?topic=forms&x=1#frag',
      'not a url',
      // Names that merely contain a credential word are ordinary parameters.
      'https://h.example.com/in?signup=1&design=a&author=b&keyword=c&passage=d&tokens_left=5',
    ]) {
      expect(displayWebhookUrl(url)).toBe(url);
    }
  });

  test('the password of the userinfo is masked; a user name alone is masked whole', () => {
    expect(displayWebhookUrl('https://alice:s3cret@hooks.example.com/in')).toBe(
      'https://alice:***@hooks.example.com/in',
    );
    expect(displayWebhookUrl('https://ghp_token123@hooks.example.com/in')).toBe(
      'https://***@hooks.example.com/in',
    );
  });

  test('values of credential-like query parameters are masked, others and the order kept', () => {
    expect(
      displayWebhookUrl(
        'https://h.example.com/in?topic=a&access_token=t1&X-Api-Key=k2;sig=s3&empty=&secret=',
      ),
    ).toBe('https://h.example.com/in?topic=a&access_token=***&X-Api-Key=***;sig=***&empty=&secret=');
    // Encoded names are read decoded.
    expect(displayWebhookUrl('https://h.example.com/?api%4Bey=k')).toBe(
      'https://h.example.com/?api%4Bey=***',
    );
  });

  test('masking a masked URL changes nothing', () => {
    const masked = displayWebhookUrl('https://alice:pw@h.example.com/p?token=abc#x');
    expect(masked).toBe('https://alice:***@h.example.com/p?token=***#x');
    expect(displayWebhookUrl(masked)).toBe(masked);
  });
});
