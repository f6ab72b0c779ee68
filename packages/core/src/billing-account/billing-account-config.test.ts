import { describe, expect, test } from 'vitest';

import { loadConfig } from '../config/load-config.js';
import { createStripeClient } from './stripe-client.js';

const BILLING = {
  STRIPE_SECRET_KEY: 'sk_test_config',
  STRIPE_PRICE_STANDARD: 'price_std',
  STRIPE_PRICE_PRO: 'price_pro',
};

describe('billing settings', () => {
  test('without a secret key billing is off and no client is built', () => {
    const config = loadConfig({ env: { STRIPE_PRICE_PRO: 'price_pro' } });

    expect(config.billing).toBeNull();
    expect(createStripeClient(config.billing)).toBeNull();
  });

  test("Stripe's own API by default; the return page derives from PUBLIC_URL", () => {
    const config = loadConfig({ env: { ...BILLING, PUBLIC_URL: 'https://forms.example.com/' } });

    expect(config.billing).toEqual({
      secretKey: 'sk_test_config',
      apiBase: null,
      priceIds: { STANDARD: 'price_std', PRO: 'price_pro' },
      returnUrl: 'https://forms.example.com/billing',
    });
    expect(createStripeClient(config.billing)).not.toBeNull();
  });

  test('STRIPE_API_BASE becomes the protocol, host and port of the client; BILLING_RETURN_URL wins', () => {
    const local = loadConfig({
      env: {
        ...BILLING,
        STRIPE_API_BASE: 'http://127.0.0.1:12111',
        BILLING_RETURN_URL: 'https://app.example/b',
      },
    });
    const remote = loadConfig({ env: { ...BILLING, STRIPE_API_BASE: 'https://stripe-proxy.internal' } });
    const ipv6 = loadConfig({ env: { ...BILLING, STRIPE_API_BASE: 'http://[::1]:12111' } });

    expect(local.billing?.apiBase).toEqual({ protocol: 'http', host: '127.0.0.1', port: 12111 });
    expect(local.billing?.returnUrl).toBe('https://app.example/b');
    expect(remote.billing?.apiBase).toEqual({ protocol: 'https', host: 'stripe-proxy.internal', port: 443 });
    expect(ipv6.billing?.apiBase).toEqual({ protocol: 'http', host: '::1', port: 12111 });
  });

  test('an API base with a path, or not http(s), stops the boot', () => {
    expect(() => loadConfig({ env: { ...BILLING, STRIPE_API_BASE: 'http://127.0.0.1:12111/v1' } })).toThrow(
      /without a path/,
    );
    expect(() => loadConfig({ env: { ...BILLING, STRIPE_API_BASE: 'ftp://stripe.example' } })).toThrow(
      /http\(s\) URL/,
    );
    expect(() => loadConfig({ env: { ...BILLING, BILLING_RETURN_URL: 'javascript:alert(1)' } })).toThrow(
      /http\(s\) URL/,
    );
  });

  test('a secret key without every paid plan price stops the boot, naming the missing variables', () => {
    expect(() => loadConfig({ env: { STRIPE_SECRET_KEY: 'sk_test_config' } })).toThrow(
      'STRIPE_PRICE_STANDARD, STRIPE_PRICE_PRO must be set when STRIPE_SECRET_KEY is set',
    );
    expect(() =>
      loadConfig({ env: { STRIPE_SECRET_KEY: 'sk_test_config', STRIPE_PRICE_STANDARD: 'price_std' } }),
    ).toThrow('STRIPE_PRICE_PRO must be set when STRIPE_SECRET_KEY is set');
  });
});
