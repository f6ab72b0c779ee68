import UAParser from 'ua-parser-js';

export type TUserAgentMeta = { browser: string; os: string; device: string };

const DEVICE_NAMES: Record<string, string> = {
  mobile: 'Mobile',
  tablet: 'Tablet',
  console: 'Console',
  smarttv: 'Smart TV',
  wearable: 'Wearable',
  embedded: 'Embedded',
};

/**
 * The User-Agents parsed lately and what they gave. ua-parser runs its whole list of patterns on
 * every string (tens of µs of CPU a submit), while a form's visitors send a few dozen distinct
 * strings between them. Bounded: emptied when full.
 */
const recentlyParsed = new Map<string, Readonly<TUserAgentMeta>>();
const RECENTLY_PARSED_KEPT = 1000;

/**
 * Browser, OS and device class from a User-Agent (ua-parser-js 1.x). ua-parser reports no device
 * type for desktops, so a recognised browser without one is `Desktop`. The answer is shared between
 * calls with the same string: callers copy it, never change it.
 */
export function parseUserAgent(userAgent: string | null | undefined): Readonly<TUserAgentMeta> {
  if (!userAgent || userAgent.trim() === '') {
    return { browser: 'Unknown', os: 'Unknown', device: 'Unknown' };
  }
  const parsed = userAgent.slice(0, 1000);
  const known = recentlyParsed.get(parsed);
  if (known) {
    return known;
  }
  const result = new UAParser(parsed).getResult();
  const browser = result.browser.name ?? 'Unknown';
  const type = result.device.type;
  const device = type ? (DEVICE_NAMES[type] ?? 'Unknown') : browser === 'Unknown' ? 'Unknown' : 'Desktop';
  const meta = Object.freeze({ browser, os: result.os.name ?? 'Unknown', device });
  if (recentlyParsed.size >= RECENTLY_PARSED_KEPT) {
    recentlyParsed.clear();
  }
  recentlyParsed.set(parsed, meta);

  return meta;
}
