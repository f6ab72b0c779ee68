import { describe, expect, test } from 'vitest';

import { displayHeaderValue, keepMaskedHeaderValues } from './display-webhook-headers.js';

describe('displayHeaderValue', () => {
  test('credential headers show their scheme and ***; others are shown as entered', () => {
    const shown = [
      { name: 'Authorization', value: 'Bearer abc.def' },
      { name: 'authorization', value: 'Basic dXNlcjpwdw==' },
      { name: 'X-Api-Key', value: 'k-123' },
      { name: 'X-Auth-Token', value: 'single' },
      { name: 'Cookie', value: 'sid=1' },
      { name: 'X-Source', value: 'formwell' },
      { name: 'X-Author', value: 'Ada' },
      { name: 'Authorization', value: '' },
      // Only a known scheme word is shown: the first word of another value may be the secret.
      { name: 'X-Api-Key', value: 'sk_live_51Hsecret extra' },
      { name: 'Authorization', value: 'sk_live_51Hsecret extra' },
    ].map(displayHeaderValue);

    expect(shown).toEqual([
      'Bearer ***',
      'Basic ***',
      '***',
      '***',
      '***',
      'formwell',
      'Ada',
      '',
      '***',
      '***',
    ]);
  });
});

describe('keepMaskedHeaderValues', () => {
  const stored = [
    { name: 'Authorization', value: 'Bearer real' },
    { name: 'X-Source', value: 'formwell' },
  ];

  test('a header sent back as displayed keeps its stored value; others are taken as sent', () => {
    expect(
      keepMaskedHeaderValues(
        [
          { name: 'authorization', value: 'Bearer ***' },
          { name: 'X-Source', value: '***' },
          { name: 'X-Api-Key', value: '***' },
        ],
        stored,
      ),
    ).toEqual([
      { name: 'authorization', value: 'Bearer real' },
      // Not masked when stored, so *** is what the owner typed.
      { name: 'X-Source', value: '***' },
      { name: 'X-Api-Key', value: '***' },
    ]);
    expect(keepMaskedHeaderValues([{ name: 'Authorization', value: 'Bearer new' }], stored)).toEqual([
      { name: 'Authorization', value: 'Bearer new' },
    ]);
  });
});
