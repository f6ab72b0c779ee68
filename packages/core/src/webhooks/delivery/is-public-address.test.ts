import { expect, test } from 'vitest';

import { isPublicAddress } from './is-public-address.js';
import { webhookRetryDelay, buildWebhookDeliveryConfig } from './webhook-delivery-config.js';

test('only globally routable unicast addresses are public', () => {
  for (const address of ['93.184.216.34', '8.8.8.8', '2606:4700:4700::1111']) {
    expect(isPublicAddress(address)).toBe(true);
  }
  for (const address of [
    '127.0.0.1', // loopback
    '10.1.2.3', // private
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254', // link-local, cloud metadata
    '100.64.0.1', // CGNAT
    '100.100.100.200', // Alibaba metadata (inside CGNAT too)
    '224.0.0.1', // multicast
    '0.0.0.0',
    '255.255.255.255',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd00:ec2::254', // AWS metadata over IPv6
    'ff02::1',
    '::ffff:127.0.0.1', // IPv4-mapped loopback
    '::ffff:10.0.0.1',
    '::7f00:1', // IPv4-compatible form of 127.0.0.1
    '::a9fe:a9fe', // IPv4-compatible form of 169.254.169.254
    '168.63.129.16', // Azure WireServer
    'not an address',
  ]) {
    expect(isPublicAddress(address), address).toBe(false);
  }
});

test('retry delays follow the schedule with ±20 % jitter, the last delay repeating', () => {
  const config = buildWebhookDeliveryConfig(
    { ALLOW_PRIVATE_WEBHOOK_TARGETS: false },
    'http://localhost:3000',
  );
  expect(config.retryDelaysMs).toEqual([
    5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000,
  ]);
  expect(webhookRetryDelay(config, 1, () => 0)).toBe(4_000);
  expect(webhookRetryDelay(config, 1, () => 1)).toBe(6_000);
  expect(webhookRetryDelay(config, 2, () => 0.5)).toBe(300_000);
  expect(webhookRetryDelay(config, 9, () => 0.5)).toBe(36_000_000);
  expect(config.timeoutMs).toBe(10_000);
  expect(config.allowPrivateTargets).toBe(false);
});
