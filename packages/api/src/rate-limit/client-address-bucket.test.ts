import { expect, test } from 'vitest';

import { clientAddressBucket } from './client-address-bucket.js';

test('IPv4 and IPv4-mapped IPv6 addresses count as the IPv4 address', () => {
  expect(clientAddressBucket('203.0.113.7')).toBe('203.0.113.7');
  expect(clientAddressBucket('::ffff:203.0.113.7')).toBe('203.0.113.7');
});

test('IPv6 addresses count per /64, however they are written', () => {
  expect(clientAddressBucket('2001:db8:1:2:aaaa::1')).toBe('2001:db8:1:2::/64');
  expect(clientAddressBucket('2001:0DB8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
  expect(clientAddressBucket('2001:db8::1')).toBe('2001:db8:0:0::/64');
  expect(clientAddressBucket('::1')).toBe('0:0:0:0::/64');
  expect(clientAddressBucket('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
});

test('no usable address shares one bucket', () => {
  expect(clientAddressBucket('')).toBe('unknown');
  expect(clientAddressBucket(undefined)).toBe('unknown');
  expect(clientAddressBucket('not an ip')).toBe('unknown');
});
