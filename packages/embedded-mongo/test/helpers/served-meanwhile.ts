import type { MongoClient } from 'mongodb';
import { expect } from 'vitest';

/**
 * Starts `long` and sends `probe(i)` (on another connection) one after another until `long`
 * settles; answers how many probes completed before it did, and its outcome. The engine and the
 * driver share this process, so each probe answered needs the engine to give the event loop a
 * turn at least once: an operation that holds the loop from start to end lets at most one probe
 * (already on its way) through, whatever the machine's speed.
 */
export async function servedMeanwhile<T>(
  long: () => Promise<T>,
  probe: (i: number) => Promise<unknown>,
): Promise<{ served: number; outcome: PromiseSettledResult<T> }> {
  let done = false;
  const running = long().finally(() => (done = true));
  const settled = Promise.allSettled([running]).then(([outcome]) => outcome as PromiseSettledResult<T>);
  let served = 0;
  for (let i = 0; !done; i++) {
    await probe(i);
    if (!done) served++;
  }
  return { served, outcome: await settled };
}

/** The value of a fulfilled outcome; a rejected one fails the test with its reason. */
export function fulfilled<T>(outcome: PromiseSettledResult<T>): T {
  if (outcome.status === 'rejected') throw outcome.reason;
  return outcome.value;
}

/**
 * A probe for servedMeanwhile: even probes ping, odd ones read by `_id` one of the `count`
 * documents of `db.coll` (`_id` k < count) and check it holds `stored(k)` (by default
 * `{n: k}`), so a probe answered is a command the engine ran, not only a reply. `client` is asked
 * each time, since a test may connect a new one (after a restart).
 */
export function pingOrFind(
  client: () => MongoClient,
  db: string,
  coll: string,
  count: number,
  stored: (id: number) => Record<string, unknown> = (id) => ({ n: id }),
) {
  return (i: number): Promise<unknown> =>
    i % 2 === 0
      ? client().db(db).command({ ping: 1 })
      : client()
          .db(db)
          .collection<{ _id: number }>(coll)
          .findOne({ _id: i % count })
          .then((doc) => expect(doc).toMatchObject(stored(i % count)));
}
