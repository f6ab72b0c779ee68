import { expect, test } from 'vitest';

import { resolvePlan } from './resolve-plan.js';

const priceIds = { STANDARD: 'price_standard', PRO: 'price_pro' };

test('a configured price id names its plan, whatever the metadata says', () => {
  expect(resolvePlan({ priceId: 'price_standard', priceIds, metadata: [{ plan: 'PRO' }] })).toBe('STANDARD');
});

test('an unknown price is judged by its own metadata only, not by the plan bought at checkout', () => {
  const checkoutMetadata = [{ plan: 'PRO' }];

  expect(
    resolvePlan({
      priceId: 'price_yearly',
      priceIds,
      priceMetadata: { plan: 'STANDARD' },
      metadata: checkoutMetadata,
    }),
  ).toBe('STANDARD');
  expect(
    resolvePlan({ priceId: 'price_yearly', priceIds, priceMetadata: {}, metadata: checkoutMetadata }),
  ).toBeNull();
});

test('with no price ids configured, metadata names the plan (the price first, then the object)', () => {
  expect(
    resolvePlan({ priceId: 'price_x', priceIds: {}, priceMetadata: null, metadata: [{ plan: 'PRO' }] }),
  ).toBe('PRO');
  expect(resolvePlan({ priceIds: {}, metadata: [{ plan: 'FREE' }, { plan: 'nonsense' }] })).toBeNull();
});

test('a plan in metadata is read in any letter case', () => {
  expect(resolvePlan({ priceIds: {}, metadata: [{ plan: 'pro' }] })).toBe('PRO');
  expect(resolvePlan({ priceIds: {}, metadata: [{ plan: ' Standard ' }] })).toBe('STANDARD');
  expect(resolvePlan({ priceIds: {}, metadata: [{ plan: 'free' }] })).toBeNull();
});
