import { expect, test } from 'vitest';

import { createFormCopy } from './form-copy.js';

type TReadForm = Parameters<typeof createFormCopy>[0]['read'];

/** A MongoDB stand-in that hands out a new version of the form on every read and counts reads. */
function versionedReads() {
  const reads: string[] = [];
  const read = (({ userId, formId }: { userId: string; formId: string }) => {
    reads.push(`${userId}:${formId}`);

    return Promise.resolve({ id: formId, userId, name: `v${reads.length}` });
  }) as unknown as TReadForm;

  return { reads, read };
}

const ids = { userId: 'u1', formId: 'f1' };

test('a copy answers only under the epoch it was read under', async () => {
  const { reads, read } = versionedReads();
  const copy = createFormCopy({ read });

  expect((await copy.load({ ...ids, epoch: 'e1' })).name).toBe('v1');
  expect((await copy.load({ ...ids, epoch: 'e1' })).name).toBe('v1');
  // A bump (an edit, a delete, a new webhook endpoint) gives a new epoch: read again.
  expect((await copy.load({ ...ids, epoch: 'e2' })).name).toBe('v2');
  expect(reads).toHaveLength(2);
});

test('copies are per owner and form: another owner never gets this one', async () => {
  const { reads, read } = versionedReads();
  const copy = createFormCopy({ read });
  await copy.load({ ...ids, epoch: 'e1' });

  expect((await copy.load({ userId: 'u2', formId: 'f1', epoch: 'e1' })).name).toBe('v2');
  expect(reads).toEqual(['u1:f1', 'u2:f1']);
});

test('without an epoch (Redis down) every load reads, and every copy is forgotten', async () => {
  const { reads, read } = versionedReads();
  const copy = createFormCopy({ read });
  await copy.load({ ...ids, epoch: 'e1' });

  expect((await copy.load({ ...ids, epoch: null })).name).toBe('v2');
  // The copy made under e1 may hide a bump made while Redis was away: not used again.
  expect((await copy.load({ ...ids, epoch: 'e1' })).name).toBe('v3');
  expect(reads).toHaveLength(3);
});

test('a copy older than the maximum age is read again under the same epoch', async () => {
  const { reads, read } = versionedReads();
  const copy = createFormCopy({ read, maxAgeMs: -1 });
  await copy.load({ ...ids, epoch: 'e1' });
  await copy.load({ ...ids, epoch: 'e1' });

  expect(reads).toHaveLength(2);
});

test('a failed read (404, foreign 403) is not kept', async () => {
  let fail = true;
  const read = (() =>
    fail
      ? Promise.reject(new Error('Form not found'))
      : Promise.resolve({ id: 'f1' })) as unknown as TReadForm;
  const copy = createFormCopy({ read });

  await expect(copy.load({ ...ids, epoch: 'e1' })).rejects.toThrow('Form not found');
  fail = false;
  expect(await copy.load({ ...ids, epoch: 'e1' })).toEqual({ id: 'f1' });
});

test('the copies are bounded by size as well as count: a large form pushes older ones out', async () => {
  const { reads, read } = versionedReads();
  // Each stand-in form is 37 characters of JSON: room for two.
  const copy = createFormCopy({ read, maxBytes: 80 });
  await copy.load({ userId: 'u1', formId: 'f1', epoch: 'e1' });
  await copy.load({ userId: 'u1', formId: 'f2', epoch: 'e1' });
  await copy.load({ userId: 'u1', formId: 'f3', epoch: 'e1' });

  await copy.load({ userId: 'u1', formId: 'f3', epoch: 'e1' });
  expect(reads).toHaveLength(3);
  await copy.load({ userId: 'u1', formId: 'f1', epoch: 'e1' });
  expect(reads).toHaveLength(4);
});
