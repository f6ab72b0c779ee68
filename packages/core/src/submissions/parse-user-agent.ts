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
 * Browser, OS and device class from a User-Agent (ua-parser-js 1.x). ua-parser reports no device
 * type for desktops, so a recognised browser without one is `Desktop`.
 */
export function parseUserAgent(userAgent: string | null | undefined): TUserAgentMeta {
  if (!userAgent || userAgent.trim() === '') {
    return { browser: 'Unknown', os: 'Unknown', device: 'Unknown' };
  }
  const result = new UAParser(userAgent.slice(0, 1000)).getResult();
  const browser = result.browser.name ?? 'Unknown';
  const type = result.device.type;
  const device = type ? (DEVICE_NAMES[type] ?? 'Unknown') : browser === 'Unknown' ? 'Unknown' : 'Desktop';

  return { browser, os: result.os.name ?? 'Unknown', device };
}
