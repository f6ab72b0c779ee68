import { testMongoUri } from '@formwell/vitest-config/services';
import { Types } from 'mongoose';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { connectDatabase, disconnectDatabase } from '../client.js';
import { ensureIndexes } from '../ensure-indexes.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import type { TPageAfter } from './page.js';
import { submissionOutboxRepository } from './submission-outbox.js';
import { submissionRepository, type TCreateSubmissionRecord } from './submission.js';

beforeAll(async () => {
  await connectDatabase({ uri: testMongoUri('db_submission') });
  await ensureIndexes();
});

afterAll(async () => {
  await disconnectDatabase();
});

const meta = { browser: 'Chrome', os: 'Linux', device: 'Desktop', country: 'Germany' };

function ids() {
  return { userId: new Types.ObjectId().toString(), formId: new Types.ObjectId().toString() };
}

function input(
  base: { userId: string; formId: string },
  extra: Partial<TCreateSubmissionRecord> = {},
): TCreateSubmissionRecord {
  return { ...base, email: null, data: { a: 1 }, meta, outbox: [], createdAt: new Date(), ...extra };
}

async function readAll(
  base: { userId: string; formId: string },
  limit: number,
  between?: () => Promise<void>,
) {
  const seen: string[] = [];
  let after: TPageAfter | undefined;
  for (;;) {
    const page = await submissionRepository.list({ ...base, limit, after });
    seen.push(...page.items.map((item) => item.id));
    const last = page.items.at(-1);
    if (!page.hasMore || !last) {
      return seen;
    }
    after = { createdAt: last.createdAt, id: last.id };
    await between?.();
  }
}

describe('submissionRepository', () => {
  test('pages never repeat or skip with equal timestamps and inserts between pages', async () => {
    const base = ids();
    const same = new Date('2026-11-20T12:00:00.000Z');
    const created: string[] = [];
    for (let i = 0; i < 23; i++) {
      created.push(
        (
          await submissionRepository.create(
            input(base, { createdAt: i < 15 ? same : new Date(same.getTime() - i) }),
          )
        ).id,
      );
    }
    let inserted = 0;
    const seen = await readAll(base, 4, async () => {
      // Newer items arrive while paging: they sort before the cursor and must not disturb it.
      inserted++;
      await submissionRepository.create(input(base, { createdAt: new Date(same.getTime() + inserted) }));
      await submissionRepository.create(input(base, { createdAt: same }));
    });

    expect(new Set(seen).size).toBe(seen.length);
    expect(created.every((id) => seen.includes(id))).toBe(true);
  });

  test('newest first, then id descending', async () => {
    const base = ids();
    const at = new Date('2026-11-20T12:00:00.000Z');
    const a = await submissionRepository.create(input(base, { createdAt: at }));
    const b = await submissionRepository.create(input(base, { createdAt: at }));
    const c = await submissionRepository.create(input(base, { createdAt: new Date(at.getTime() + 1) }));
    const page = await submissionRepository.list({ ...base, limit: 10 });

    expect(page.items.map((s) => s.id)).toEqual([c.id, ...[a.id, b.id].sort().reverse()]);
  });

  test('the unique partial index lets exactly one of concurrent same-email inserts through', async () => {
    const base = ids();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        submissionRepository.create(input(base, { email: 'a@x.io', emailKey: 'a@x.io' })),
      ),
    );

    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(results.every((r) => r.status === 'fulfilled' || isDuplicateKeyError(r.reason))).toBe(true);
    // Submissions without an emailKey are not constrained.
    await submissionRepository.create(input(base, { email: 'a@x.io' }));
    await submissionRepository.create(input(base, { email: 'a@x.io' }));
    expect(await submissionRepository.existsWithEmailKey({ ...base, emailKey: 'a@x.io' })).toBe(true);
  });

  test('filters: date range and email', async () => {
    const base = ids();
    await submissionRepository.create(
      input(base, { createdAt: new Date('2026-11-01T00:00:00Z'), email: 'a@x.io' }),
    );
    await submissionRepository.create(
      input(base, { createdAt: new Date('2026-11-10T00:00:00Z'), email: 'b@x.io' }),
    );
    await submissionRepository.create(
      input(base, { createdAt: new Date('2026-11-20T00:00:00Z'), email: 'a@x.io' }),
    );
    const ranged = await submissionRepository.list({
      ...base,
      limit: 10,
      filter: { from: new Date('2026-11-05T00:00:00Z'), until: new Date('2026-11-21T00:00:00Z') },
    });
    const byEmail = await submissionRepository.list({ ...base, limit: 10, filter: { email: 'a@x.io' } });

    expect(ranged.items).toHaveLength(2);
    expect(byEmail.items).toHaveLength(2);
  });

  test('scoped by owner and form', async () => {
    const base = ids();
    const s = await submissionRepository.create(input(base));

    expect(await submissionRepository.findById({ ...base, submissionId: s.id })).toMatchObject({ id: s.id });
    expect(
      await submissionRepository.findById({
        ...base,
        userId: new Types.ObjectId().toString(),
        submissionId: s.id,
      }),
    ).toBeNull();
    expect(
      (await submissionRepository.list({ ...base, userId: new Types.ObjectId().toString(), limit: 5 })).items,
    ).toEqual([]);
    expect(
      await submissionRepository.delete({
        ...base,
        formId: new Types.ObjectId().toString(),
        submissionId: s.id,
      }),
    ).toBe(false);
    expect(await submissionRepository.delete({ ...base, submissionId: s.id })).toBe(true);
  });

  test('outbox entries are written with the submission and cleared one by one', async () => {
    const base = ids();
    const endpointId = new Types.ObjectId().toString();
    const s = await submissionRepository.create(
      input(base, {
        createdAt: new Date(Date.now() - 60_000),
        outbox: [{ kind: 'email.confirmation' }, { kind: 'webhook', endpointId }],
      }),
    );

    expect(s.outbox.map((e) => [e.kind, e.status, e.endpointId])).toEqual([
      ['email.confirmation', 'pending', null],
      ['webhook', 'pending', endpointId],
    ]);
    const pending = await submissionOutboxRepository.findWithPendingOutbox({
      createdBefore: new Date(),
      limit: 1000,
    });
    expect(pending.some((p) => p.id === s.id)).toBe(true);

    const [first, second] = s.outbox;
    if (!first || !second) {
      throw new Error('expected two outbox entries');
    }
    await submissionOutboxRepository.recordOutboxFailure({
      submissionId: s.id,
      entryId: first.id,
      error: 'smtp down',
    });
    expect(
      await submissionOutboxRepository.markOutboxDone({
        submissionId: s.id,
        entryId: first.id,
        now: new Date(),
      }),
    ).toBe(true);
    let after = await submissionOutboxRepository.findWithPendingOutbox({
      createdBefore: new Date(),
      limit: 1000,
    });
    expect(after.find((p) => p.id === s.id)?.outbox.map((e) => [e.status, e.attempts])).toEqual([
      ['done', 1],
      ['pending', 0],
    ]);
    // A redelivered completion finds nothing left to mark.
    expect(
      await submissionOutboxRepository.markOutboxDone({
        submissionId: s.id,
        entryId: first.id,
        now: new Date(),
      }),
    ).toBe(false);
    await submissionOutboxRepository.markOutboxDone({
      submissionId: s.id,
      entryId: second.id,
      now: new Date(),
    });
    after = await submissionOutboxRepository.findWithPendingOutbox({
      createdBefore: new Date(),
      limit: 1000,
    });
    expect(after.some((p) => p.id === s.id)).toBe(false);
  });
});
