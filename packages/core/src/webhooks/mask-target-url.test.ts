import { describe, expect, test } from 'vitest';

import { maskTargetUrl } from './mask-target-url.js';

describe('maskTargetUrl', () => {
  test('keeps the scheme, the host and the first path segment', () => {
    expect(maskTargetUrl('https://hooks.slack.com/services/T000/B000/XXXXXXXX')).toBe(
      'https://hooks.slack.com/services/…',
    );
    expect(maskTargetUrl('https://discord.com/api/webhooks/123/token')).toBe('https://discord.com/api/…');
    expect(maskTargetUrl('https://hooks.zapier.com/hooks/standard/1/abc/')).toBe(
      'https://hooks.zapier.com/hooks/…',
    );
    expect(maskTargetUrl('http://127.0.0.1:4000/in?token=abc')).toBe('http://127.0.0.1:4000/in/…');
    expect(maskTargetUrl('https://user:pass@example.com/a/b')).toBe('https://example.com/a/…');
  });

  test('nothing after the first segment: nothing to hide', () => {
    expect(maskTargetUrl('https://example.com/in')).toBe('https://example.com/in');
    expect(maskTargetUrl('https://example.com/')).toBe('https://example.com/');
    expect(maskTargetUrl('https://example.com/?k=1')).toBe('https://example.com/…');
  });

  test('masking twice changes nothing; no URL is shown as an ellipsis', () => {
    const once = maskTargetUrl('https://hooks.slack.com/services/T/B/X');
    expect(maskTargetUrl(once)).toBe(once);
    expect(maskTargetUrl('not a url')).toBe('…');
  });
});
