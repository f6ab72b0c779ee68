import type { TChatPlatform } from './messages/build-chat-message.js';

/**
 * The hosts each platform's incoming webhooks live on: Slack's `hooks.slack.com`; Discord's
 * `discord.com` and its former `discordapp.com`; for Teams, the Workflows (Power Automate / Logic
 * Apps) trigger hosts and the Office 365 connector host. A URL elsewhere is refused unless the
 * operator allows private targets (tests, private relays), in which case any http(s) URL goes.
 */
const PLATFORM_HOSTS: Record<TChatPlatform, { exact: string[]; suffixes: string[] }> = {
  slack: { exact: ['hooks.slack.com'], suffixes: [] },
  discord: { exact: ['discord.com', 'discordapp.com'], suffixes: [] },
  teams: {
    exact: ['outlook.office.com', 'outlook.office365.com'],
    suffixes: ['.webhook.office.com', '.logic.azure.com', '.api.powerplatform.com'],
  },
};

const escapeHost = (host: string) => host.replaceAll('.', '\\.');

/**
 * What API documents promise about each platform's URL. Narrower than isPlatformUrl (lower-case
 * hosts, no port, a suffix host's labels letters and digits only): every URL it matches passes.
 */
export const PLATFORM_URL_PATTERNS = Object.fromEntries(
  Object.entries(PLATFORM_HOSTS).map(([platform, { exact, suffixes }]) => {
    const hosts = [
      ...exact.map(escapeHost),
      ...suffixes.map((suffix) => `([a-z0-9]+\\.)+${escapeHost(suffix.slice(1))}`),
    ];

    return [platform, `^[hH][tT][tT][pP][sS]://(${hosts.join('|')})([/?#][!-~]*)?$`];
  }),
) as Record<TChatPlatform, string>;

/** What the 400 says each platform takes. */
export const PLATFORM_URL_RULE: Record<TChatPlatform, string> = {
  slack: 'must be a Slack incoming-webhook URL (https://hooks.slack.com/...)',
  discord: 'must be a Discord webhook URL (https://discord.com/api/webhooks/...)',
  teams:
    'must be a Teams Workflows or incoming-webhook URL (a *.logic.azure.com, *.api.powerplatform.com or *.webhook.office.com host)',
};

/** True when `url` is an https URL on one of the platform's own hosts. */
export function isPlatformUrl(platform: TChatPlatform, url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'https:' || parsed.username !== '' || parsed.password !== '') {
    return false;
  }
  const host = parsed.hostname.toLowerCase();
  const { exact, suffixes } = PLATFORM_HOSTS[platform];

  return exact.includes(host) || suffixes.some((suffix) => host.endsWith(suffix));
}
