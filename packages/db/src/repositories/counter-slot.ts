import type mongoose from 'mongoose';

/**
 * A capped counter kept on the document that owns the limit (the user for forms and API keys, the
 * form for webhook endpoints). Taking a slot is one conditional `$inc`, so concurrent creates can
 * never push the count past the cap; there are no multi-document transactions (architecture.md).
 *
 * Create paths take the slot before inserting and give it back when the insert fails; delete paths
 * remove first and then give the slot back. A crash between the two steps therefore leaves the
 * counter one too high, never too low: the cap can only err on the safe side.
 */
type TSlotCollection = Pick<mongoose.Collection, 'updateOne'>;

/** Sets the counter of a document that has none yet (older documents); a no-op once it exists. */
export async function initCounter(
  collection: TSlotCollection,
  filter: Record<string, unknown>,
  field: string,
  value: number,
): Promise<void> {
  await collection.updateOne({ ...filter, [field]: { $exists: false } }, { $set: { [field]: value } });
}

/** Takes one slot if fewer than `max` are used; false when the cap is reached (or no counter yet). */
export async function takeSlot(
  collection: TSlotCollection,
  filter: Record<string, unknown>,
  field: string,
  max: number,
): Promise<boolean> {
  const result = await collection.updateOne({ ...filter, [field]: { $lt: max } }, { $inc: { [field]: 1 } });

  return result.modifiedCount === 1;
}

/** Gives one slot back (never below zero). */
export async function releaseSlot(
  collection: TSlotCollection,
  filter: Record<string, unknown>,
  field: string,
): Promise<void> {
  await collection.updateOne({ ...filter, [field]: { $gt: 0 } }, { $inc: { [field]: -1 } });
}
