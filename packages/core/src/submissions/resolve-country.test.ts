import { describe, expect, test } from 'vitest';

import { parseUserAgent } from './parse-user-agent.js';
import { resolveCountry } from './resolve-country.js';

describe('resolveCountry', () => {
  test('the trusted header wins, in English', () => {
    expect(resolveCountry({ trustedCountryCode: 'US', acceptLanguage: 'de-DE' })).toBe('United States');
    expect(resolveCountry({ trustedCountryCode: 'de' })).toBe('Germany');
  });

  test('unknown or pseudo codes of the header fall back to Accept-Language', () => {
    expect(resolveCountry({ trustedCountryCode: 'XX', acceptLanguage: 'fr-FR,fr;q=0.9' })).toBe('France');
    expect(resolveCountry({ trustedCountryCode: 'T1', acceptLanguage: 'en-GB' })).toBe('United Kingdom');
  });

  test('Accept-Language: the most preferred entry that has a region', () => {
    expect(resolveCountry({ acceptLanguage: 'en;q=0.9, pt-BR;q=0.8, de-DE;q=0.95' })).toBe('Germany');
    expect(resolveCountry({ acceptLanguage: 'zh-Hant-TW' })).toBe('Taiwan');
    expect(resolveCountry({ acceptLanguage: 'es-419' })).toBe('Latin America');
  });

  test('GeoIP of the client address comes after the header and before Accept-Language', () => {
    expect(resolveCountry({ ip: '8.8.8.8', acceptLanguage: 'de-DE' })).toBe('United States');
    expect(resolveCountry({ ip: '81.2.69.142' })).toBe('United Kingdom');
    expect(resolveCountry({ ip: '49.44.0.1' })).toBe('India');
    expect(resolveCountry({ ip: '::ffff:103.10.28.1' })).toBe('Nepal');
    expect(resolveCountry({ ip: '2001:4860:4860::8888' })).toBe('Canada');
    expect(resolveCountry({ trustedCountryCode: 'FR', ip: '8.8.8.8' })).toBe('France');
  });

  test('private, loopback and malformed addresses have no country', () => {
    for (const ip of ['10.0.0.1', '192.168.1.10', '127.0.0.1', '::1', 'fd00::1', 'not-an-ip']) {
      expect(resolveCountry({ ip })).toBe('Unknown');
      expect(resolveCountry({ ip, acceptLanguage: 'pt-BR' })).toBe('Brazil');
    }
  });

  test('nothing usable is Unknown', () => {
    expect(resolveCountry({})).toBe('Unknown');
    expect(resolveCountry({ acceptLanguage: 'en' })).toBe('Unknown');
    expect(resolveCountry({ acceptLanguage: '*' })).toBe('Unknown');
    expect(resolveCountry({ trustedCountryCode: 'not a code' })).toBe('Unknown');
  });
});

describe('parseUserAgent', () => {
  test('desktop Chrome', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toEqual({ browser: 'Chrome', os: 'Windows', device: 'Desktop' });
  });

  test('iPhone Safari', () => {
    expect(
      parseUserAgent(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
      ),
    ).toEqual({ browser: 'Mobile Safari', os: 'iOS', device: 'Mobile' });
  });

  test('missing or unrecognisable agents are Unknown', () => {
    expect(parseUserAgent(undefined)).toEqual({ browser: 'Unknown', os: 'Unknown', device: 'Unknown' });
    expect(parseUserAgent('curl/8.5.0').browser).toBe('Unknown');
  });

  test('an agent seen before is answered from the last parse, which no caller can change', () => {
    const agent = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
    const first = parseUserAgent(agent);

    expect(parseUserAgent(agent)).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(first).toEqual({ browser: 'Firefox', os: 'Linux', device: 'Desktop' });
  });
});
