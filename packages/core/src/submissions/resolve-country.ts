const REGION_NAMES = new Intl.DisplayNames(['en'], { type: 'region' });

export type ResolveCountryOptions = {
  /** Value of the trusted proxy header (e.g. `CF-IPCountry`), when one is configured. */
  trustedCountryCode?: string | null;
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
 * Country of a submission: the trusted proxy header when configured, else the region
 * of Accept-Language, else `Unknown`. English names (`United States`). No IP address is used or
 * stored (the optional offline GeoIP step is not implemented).
 */
export function resolveCountry({ trustedCountryCode, acceptLanguage }: ResolveCountryOptions): string {
  const fromHeader = trustedCountryCode ? regionName(trustedCountryCode) : null;
  if (fromHeader) {
    return fromHeader;
  }
  const region = acceptLanguage ? acceptLanguageRegion(acceptLanguage) : null;

  return (region ? regionName(region) : null) ?? 'Unknown';
}
