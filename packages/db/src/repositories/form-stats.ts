import type { Types } from 'mongoose';

import { FormStatsModel } from '../models/form-stats.js';
import { countOnce } from './count-once.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds } from './owned-ids.js';

export type TFormStatsRecord = {
  formId: string;
  total: number;
  spam: number;
  /** UTC hour `YYYY-MM-DDTHH` → submissions. */
  hours: Record<string, number>;
  /** UTC hour of day `00`..`23` → submissions. */
  hourOfDay: Record<string, number>;
  browsers: Record<string, number>;
  countries: Record<string, number>;
};

type TLeanStats = {
  formId: { toString(): string };
  total?: number | null;
  spam?: number | null;
  hours?: Record<string, number> | null;
  hourOfDay?: Record<string, number> | null;
  browsers?: Record<string, number> | null;
  countries?: Record<string, number> | null;
};

/**
 * Map keys become field paths, where `.` and a leading `$` change the meaning. They are stored as
 * their full-width look-alikes (U+FF0E, U+FF04) and turned back on read, so `St. Lucia` survives.
 */
export function statsKey(name: string): string {
  const cleaned = name.trim().slice(0, 100).replace(/\./g, '\uFF0E').replace(/^\$/, '\uFF04');

  return cleaned.length > 0 ? cleaned : 'Unknown';
}

function decodeKeys(map: Record<string, number> | null | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(map ?? {}).map(([key, value]) => [
      key.replace(/\uFF0E/g, '.').replace(/^\uFF04/, '$'),
      value,
    ]),
  );
}

function hourKey(at: Date): string {
  return at.toISOString().slice(0, 13);
}

const DAY_MS = 86_400_000;

// Upserts must not add `$setOnInsert` defaults on the very paths we `$inc` (a path conflict).
const UPSERT = { upsert: true, setDefaultsOnInsert: false } as const;

export type TRecordSubmissionOptions = {
  userId: string;
  formId: string;
  at: Date;
  browser: string;
  country: string;
  /**
   * Makes the update idempotent: a submission already counted here is not counted again, so the
   * counter sweep can safely re-apply an interrupted submit. Omit only for one-off counting.
   */
  submissionId?: string;
  /** Hour buckets older than this are dropped (at most once a day per form) to bound `hours`. */
  pruneHoursBefore?: Date;
};

/** Drops the hour buckets that start before `before`; analytics no longer look at them. */
async function pruneHours(formId: Types.ObjectId, before: Date): Promise<void> {
  const doc = await FormStatsModel.findOne({ formId }, { hours: 1 }).lean<{
    hours?: Record<string, number>;
  }>();
  // Keys are `YYYY-MM-DDTHH`, so string order is time order.
  const oldest = hourKey(before);
  const stale = Object.keys(doc?.hours ?? {}).filter((key) => key < oldest);
  if (stale.length > 0) {
    await FormStatsModel.collection.updateOne(
      { formId },
      { $unset: Object.fromEntries(stale.map((key) => [`hours.${key}`, ''])) },
    );
  }
}

/**
 * Prunes when the previous prune is a day old. The conditional `$set` lets exactly one of several
 * concurrent submissions do it; `$unset` of old keys never conflicts with `$inc` of the current hour.
 */
async function pruneHoursWhenDue(
  formId: Types.ObjectId,
  previous: { hoursPrunedAt?: unknown } | null,
  at: Date,
  before: Date,
): Promise<void> {
  if (!previous) {
    return;
  }
  const last = previous.hoursPrunedAt instanceof Date ? previous.hoursPrunedAt : null;
  if (last && at.getTime() - last.getTime() < DAY_MS) {
    return;
  }
  const claim = await FormStatsModel.collection.updateOne(
    { formId, hoursPrunedAt: last ?? { $exists: false } },
    { $set: { hoursPrunedAt: at } },
  );
  if (claim.modifiedCount === 1) {
    await pruneHours(formId, before);
  }
}

/** Per-form analytics counters; one document per form, updated with atomic `$inc`. */
export const formStatsRepository = {
  async recordSubmission({
    userId,
    formId,
    at,
    browser,
    country,
    submissionId,
    pruneHoursBefore,
  }: TRecordSubmissionOptions): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      const hourOfDay = String(at.getUTCHours()).padStart(2, '0');
      const inc = {
        total: 1,
        [`hours.${hourKey(at)}`]: 1,
        [`hourOfDay.${hourOfDay}`]: 1,
        [`browsers.${statsKey(browser)}`]: 1,
        [`countries.${statsKey(country)}`]: 1,
      };
      const counted = submissionId === undefined ? null : toObjectId(submissionId);
      if (!counted) {
        await FormStatsModel.updateOne({ formId: ids.form, userId: ids.owner }, { $inc: inc }, UPSERT);

        return;
      }
      const previous = await countOnce(
        FormStatsModel.collection,
        { formId: ids.form, userId: ids.owner },
        counted,
        {
          inc,
          upsert: true,
          projection: { hoursPrunedAt: 1 },
        },
      );
      if (pruneHoursBefore) {
        await pruneHoursWhenDue(ids.form, previous, at, pruneHoursBefore);
      }
    });
  },

  async recordSpam({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      await FormStatsModel.updateOne({ formId: ids.form, userId: ids.owner }, { $inc: { spam: 1 } }, UPSERT);
    });
  },

  async get({ userId, formId }: { userId: string; formId: string }): Promise<TFormStatsRecord | null> {
    return withOwnedIds({ userId, formId }, null, async (ids) => {
      const doc = await FormStatsModel.findOne({ formId: ids.form, userId: ids.owner }).lean<TLeanStats>();
      if (!doc) {
        return null;
      }

      return {
        formId: doc.formId.toString(),
        total: doc.total ?? 0,
        spam: doc.spam ?? 0,
        hours: doc.hours ?? {},
        hourOfDay: doc.hourOfDay ?? {},
        browsers: decodeKeys(doc.browsers),
        countries: decodeKeys(doc.countries),
      };
    });
  },

  async deleteByForm({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      await FormStatsModel.deleteOne({ formId: ids.form, userId: ids.owner });
    });
  },
};
