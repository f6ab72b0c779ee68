import { describe, expect, test } from 'vitest';

import { cutPage } from './cut-page.js';

const at = (iso: string) => new Date(iso);

/** Newest first: createdAt desc, then id desc (three items share one instant). */
const SORTED = [
  { id: 'c'.repeat(24), createdAt: at('2026-01-02T00:00:00Z') },
  { id: 'b'.repeat(24), createdAt: at('2026-01-01T00:00:00Z') },
  { id: 'a'.repeat(24), createdAt: at('2026-01-01T00:00:00Z') },
  { id: '9'.repeat(24), createdAt: at('2026-01-01T00:00:00Z') },
  { id: 'f'.repeat(24), createdAt: at('2025-12-31T00:00:00Z') },
];

describe('cutPage', () => {
  test('pages of two walk the list once, equal timestamps included, with no repeat or gap', () => {
    const seen: string[] = [];
    let after: { createdAt: Date; id: string } | undefined;
    const sizes: number[] = [];
    for (;;) {
      const page = cutPage(SORTED, { limit: 2, ...(after ? { after } : {}) });
      sizes.push(page.items.length);
      seen.push(...page.items.map((item) => item.id));
      after = page.items.at(-1);
      if (!page.hasMore) {
        break;
      }
    }

    expect(sizes).toEqual([2, 2, 1]);
    expect(seen).toEqual(SORTED.map((item) => item.id));
  });

  test('a cursor of an item deleted since still finds the items after its place', () => {
    const gone = { id: 'b'.repeat(24), createdAt: at('2026-01-01T00:00:00Z') };
    const rest = SORTED.filter((item) => item.id !== gone.id);

    expect(cutPage(rest, { limit: 10, after: gone }).items.map((item) => item.id)).toEqual([
      'a'.repeat(24),
      '9'.repeat(24),
      'f'.repeat(24),
    ]);
  });
});
