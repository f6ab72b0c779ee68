import { DigestCursorModel } from '../models/digest-cursor.js';

/** Where each digest cadence's run got to (see the model). */
export const digestCursorRepository = {
  async get({ cadence }: { cadence: string }): Promise<Date | null> {
    const doc = await DigestCursorModel.findById(cadence).lean<{ periodEnd: Date }>();

    return doc?.periodEnd ?? null;
  },

  /** Moves the cursor forward only (two runs at once cannot move it back). */
  async advance({ cadence, periodEnd }: { cadence: string; periodEnd: Date }): Promise<void> {
    await DigestCursorModel.updateOne({ _id: cadence }, { $max: { periodEnd } }, { upsert: true });
  },
};
