import { describe, expect, test } from 'vitest';

import { displayWebhookUrl } from './display-webhook-url.js';

describe('displayWebhookUrl', () => {
  test('a URL with nothing to hide comes back byte for byte', () => {
    for (const url of [
      'https://hooks.example.com/in',
      'https://Hooks.example.com/a/../b?topic=forms&x=1#',
      // Names, slugs and dates in the path are not tokens; nor are short ids.
      'https://h.example.com/hooks/2024-annual-report-submissions/65a0f1/in',
      'https://hooks.zapier.com/hooks/catch/123456/abcdef/',
      'https://hooks.slack.com/services',
      'not a url',
      // Names that merely contain a credential word are ordinary parameters.
      'https://h.example.com/in?signup=1&design=a&author=b&keyword=c&passage=d&tokens_left=5&zipcode=1',
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

  test.each([
    // jwt, code and bearer parameters are credentials too.
    [
      'https://h.example.com/in?jwt=a.b.c&code=x1&bearer=t&topic=f',
      'https://h.example.com/in?jwt=***&code=***&bearer=***&topic=f',
    ],
    // The token segment of Slack and Discord webhook URLs, the ids kept.
    [
      'https://hooks.slack.com/services/T0001/B0002/abcdefghijklmnop',
      'https://hooks.slack.com/services/T0001/B0002/***',
    ],
    [
      'https://discord.com/api/webhooks/1234567890/Tok-en_x?wait=true',
      'https://discord.com/api/webhooks/1234567890/***?wait=true',
    ],
    [
      'https://canary.discordapp.com/api/v10/webhooks/42/short',
      'https://canary.discordapp.com/api/v10/webhooks/42/***',
    ],
    // A path segment that looks like a random token (UUIDs, hook ids).
    ['https://hook.eu1.make.com/a1b2c3d4e5f6g7h8i9j0k1l2m3', 'https://hook.eu1.make.com/***'],
    ['https://h.example.com/in/550e8400-e29b-41d4-a716-446655440000/x', 'https://h.example.com/in/***/x'],
    // The fragment, whole.
    ['https://h.example.com/in#access_token=abc', 'https://h.example.com/in#***'],
  ])('%s is shown as %s', (url, shown) => {
    expect(displayWebhookUrl(url)).toBe(shown);
  });

  test('masking a masked URL changes nothing', () => {
    const masked = displayWebhookUrl(
      'https://alice:pw@h.example.com/p/0f8fad5b-d9cb-469f-a165-70867728950e?token=abc#x',
    );
    expect(masked).toBe('https://alice:***@h.example.com/p/***?token=***#***');
    expect(displayWebhookUrl(masked)).toBe(masked);
  });
});
