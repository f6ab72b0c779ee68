import { countryCodeOfAddress } from './geoip-country.js';

// English names from the runtime's CLDR data (ISO 3166 regions), kept current with Node.
const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

export type ResolveCountryOptions = {
  /** Value of the trusted proxy header (e.g. `CF-IPCountry`), when one is configured. */
  trustedCountryCode?: string | null;
  /** The client address (behind trusted proxies, the one they forwarded); looked up, never stored. */
  ip?: string | null;
  /** MMDB country database to look the address up in; the bundled one when omitted. */
  geoipDbPath?: string | null;
  acceptLanguage?: string | null;
};

/** English name of an ISO 3166 alpha-2 code or UN M49 area code, or null when not a real region. */
function regionName(code: string): string | null {
  const upper = code.trim().toUpperCase();
  // Cloudflare uses XX (unknown) and T1 (Tor); ZZ is "unknown region" in CLDR.
  if (!/^([A-Z]{2}|\d{3})$/.test(upper) || ['XX', 'T1', 'ZZ'].includes(upper)) {
    return null;
  }
  try {
    const name = REGION_NAMES.of(upper);

    return name && name !== upper && name !== 'Unknown Region' ? name : null;
  } catch {
    return null;
  }
}

/** The region subtag of the most preferred Accept-Language entry that has one. */
function acceptLanguageRegion(header: string): string | null {
  const entries = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);

      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.tag !== '' && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of entries) {
    const region = tag
      .split(/[-_]/)
      .slice(1)
      .find((subtag) => /^([A-Za-z]{2}|\d{3})$/.test(subtag));
    if (region) {
      return region;
    }
  }

  return null;
}

/**
 * Country of a submission, as an English name (`United States`): the trusted proxy header when
 * configured, else an offline GeoIP lookup of the client address, else the region of
 * Accept-Language, else `Unknown`. Private and loopback addresses have no country, so they fall
 * through to Accept-Language. The address itself is never stored.
 */
export function resolveCountry({
  trustedCountryCode,
  ip,
  geoipDbPath,
  acceptLanguage,
}: ResolveCountryOptions): string {
  const fromHeader = trustedCountryCode ? regionName(trustedCountryCode) : null;
  if (fromHeader) {
    return fromHeader;
  }
  const located = ip ? countryCodeOfAddress(ip, geoipDbPath ?? undefined) : null;
  const fromAddress = located ? regionName(located) : null;
  if (fromAddress) {
    return fromAddress;
  }
  const region = acceptLanguage ? acceptLanguageRegion(acceptLanguage) : null;

  return (region ? regionName(region) : null) ?? 'Unknown';
}
