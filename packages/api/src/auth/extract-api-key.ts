import type { IncomingHttpHeaders } from 'node:http';

export type TApiKeySource = 'header' | 'bearer' | 'query';

const PRECEDENCE: readonly TApiKeySource[] = ['header', 'bearer', 'query'];

export type ExtractApiKeyOptions = {
  headers: IncomingHttpHeaders;
  url: string;
  /** Where a key may come from; users-joined accepts only the X-API-Key header. */
  sources: readonly TApiKeySource[];
};

/**
 * The key of a request and where it came from. Precedence: `X-API-Key`, then
 * `Authorization: Bearer`, then the legacy `?apiKey=`; the first present wins. Empty values count as absent.
 */
export function extractApiKey({
  headers,
  url,
  sources,
}: ExtractApiKeyOptions): { key: string; source: TApiKeySource } | null {
  const candidates: Record<TApiKeySource, () => string | null> = {
    header: () => firstValue(headers['x-api-key']),
    bearer: () => {
      const match = /^Bearer\s+(\S+)\s*$/i.exec(firstValue(headers.authorization) ?? '');

      return match?.[1] ?? null;
    },
    query: () => new URL(url, 'http://localhost').searchParams.get('apiKey'),
  };
  for (const source of PRECEDENCE.filter((candidate) => sources.includes(candidate))) {
    const key = candidates[source]()?.trim();
    if (key) {
      return { key, source };
    }
  }

  return null;
}

function firstValue(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) ?? null;
}
