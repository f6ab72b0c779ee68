import { parseArgs } from 'node:util';

import { parseInput, ZPaginationQuerySchema, type TPaginationQuery } from '@formwell/core';

type TStringOptions = Record<string, { type: 'string' }>;

/**
 * The options of a list command: its own (`--user`, `--form`) plus `--limit` and `--cursor`, which
 * follow the API's rule (digits only, 1..100, default 50; a cursor from the previous `nextCursor`).
 */
export function parseListArgs<TOwn extends TStringOptions>(
  args: string[],
  own: TOwn,
): { values: { [K in keyof TOwn]?: string }; page: TPaginationQuery } {
  const { values } = parseArgs({
    args,
    options: { ...own, limit: { type: 'string' }, cursor: { type: 'string' } },
    strict: true,
  });
  const strings = values as Record<string, string | undefined>;
  const page = parseInput(ZPaginationQuerySchema, { limit: strings.limit, cursor: strings.cursor });

  return { values: strings, page };
}
