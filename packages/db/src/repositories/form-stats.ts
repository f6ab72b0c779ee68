import { FormStatsMonthModel } from '../models/form-stats-month.js';
import { FormStatsModel } from '../models/form-stats.js';
import { countOnce } from './count-once.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds, type TOwnedIds } from './owned-ids.js';
import { statsBucketOf } from './stats-buckets.js';

export type TFormStatsMonthRecord = {
  /** UTC month `YYYY-MM`. */
  month: string;
  /** UTC `DDTHHMM` quarter of an hour → submissions. */
  quarters: Record<string, number>;
  /** UTC `HHMM` quarter of the day → submissions of the month. */
  quarterOfDay: Record<string, number>;
};

export type TFormStatsRecord = {
  formId: string;
  total: number;
  spam: number;
  browsers: Record<string, number>;
  countries: Record<string, number>;
  /** Oldest first; only the months and parts asked for (see get). */
  months: TFormStatsMonthRecord[];
};

type TLeanStats = {
  quarterOfDay?: Record<string, Record<string, number>> | null;
  total?: number | null;
  spam?: number | null;
  browsers?: Record<string, number> | null;
  countries?: Record<string, number> | null;
};

type TLeanMonth = { month: string; quarters?: Record<string, number> | null };

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
};

/** The `$inc` of one submission (`by` = 1 when counted, -1 when deleted) on each of its documents. */
function increments(
  { at, browser, country }: Pick<TRecordSubmissionOptions, 'at' | 'browser' | 'country'>,
  by: number,
) {
  const bucket = statsBucketOf(at);

  return {
    month: bucket.month,
    totals: {
      total: by,
      version: 1,
      [`browsers.${statsKey(browser)}`]: by,
      [`countries.${statsKey(country)}`]: by,
      [`quarterOfDay.${bucket.month}.${bucket.quarterOfDay}`]: by,
    },
    buckets: {
      version: 1,
      [`quarters.${bucket.quarter}`]: by,
    },
  };
}

function filters(ids: TOwnedIds, month: string) {
  const totals = { formId: ids.form, userId: ids.owner };

  return { totals, buckets: { ...totals, month } };
}

/**
 * Per-form analytics counters: one totals document per form and one bucket document per form and
 * UTC month, each updated with atomic `$inc` (no transactions needed).
 */
export const formStatsRepository = {
  async recordSubmission({
    userId,
    formId,
    submissionId,
    ...submission
  }: TRecordSubmissionOptions): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      const { month, totals, buckets } = increments(submission, 1);
      const filter = filters(ids, month);
      const counted = submissionId === undefined ? null : toObjectId(submissionId);
      if (!counted) {
        await Promise.all([
          FormStatsModel.updateOne(filter.totals, { $inc: totals }, UPSERT),
          FormStatsMonthModel.updateOne(filter.buckets, { $inc: buckets }, UPSERT),
        ]);

        return;
      }
      await Promise.all([
        countOnce(FormStatsModel.collection, filter.totals, counted, { inc: totals, upsert: true }),
        countOnce(FormStatsMonthModel.collection, filter.buckets, counted, { inc: buckets, upsert: true }),
      ]);
    });
  },

  /**
   * Takes a deleted submission out of the counters. The caller deleted it with findOneAndDelete, so
   * exactly one caller gets here per submission.
   */
  async removeSubmission({
    userId,
    formId,
    ...submission
  }: Omit<TRecordSubmissionOptions, 'submissionId'>): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      const { month, totals, buckets } = increments(submission, -1);
      const filter = filters(ids, month);
      await Promise.all([
        FormStatsModel.updateOne(filter.totals, { $inc: totals }),
        FormStatsMonthModel.updateOne(filter.buckets, { $inc: buckets }),
      ]);
    });
  },

  async recordSpam({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      await FormStatsModel.updateOne(
        { formId: ids.form, userId: ids.owner },
        { $inc: { spam: 1, version: 1 } },
        UPSERT,
      );
    });
  },

  /**
   * The totals, with (when `quarterOfDay` is set) the quarter-of-day totals of every month, and the
   * quarter-hour buckets of the months from `quartersFrom` (`YYYY-MM`, inclusive) and of those
   * listed in `quartersOf`. Only what a call needs is read; `quarters` or `quarterOfDay` is `{}`
   * where not asked for. Null when never counted.
   */
  async get({
    userId,
    formId,
    quartersFrom = '',
    quartersOf = [],
    quarterOfDay = true,
  }: {
    userId: string;
    formId: string;
    quartersFrom?: string;
    quartersOf?: string[];
    quarterOfDay?: boolean;
  }): Promise<TFormStatsRecord | null> {
    return withOwnedIds({ userId, formId }, null, async (ids) => {
      const owned = { formId: ids.form, userId: ids.owner };
      const projection = {
        total: 1,
        spam: 1,
        browsers: 1,
        countries: 1,
        ...(quarterOfDay ? { quarterOfDay: 1 } : {}),
      };
      const [doc, withQuarters] = await Promise.all([
        FormStatsModel.findOne(owned, projection).lean<TLeanStats>(),
        FormStatsMonthModel.find(
          { ...owned, $or: [{ month: { $gte: quartersFrom } }, { month: { $in: quartersOf } }] },
          { month: 1, quarters: 1 },
        ).lean<TLeanMonth[]>(),
      ]);
      if (!doc) {
        return null;
      }
      const months = new Map<string, TFormStatsMonthRecord>();
      const entry = (month: string) => {
        const found = months.get(month) ?? { month, quarters: {}, quarterOfDay: {} };
        months.set(month, found);

        return found;
      };
      withQuarters.forEach((m) => (entry(m.month).quarters = m.quarters ?? {}));
      Object.entries(doc.quarterOfDay ?? {}).forEach(
        ([month, counts]) => (entry(month).quarterOfDay = counts),
      );

      return {
        formId: ids.form.toString(),
        total: doc.total ?? 0,
        spam: doc.spam ?? 0,
        browsers: decodeKeys(doc.browsers),
        countries: decodeKeys(doc.countries),
        months: [...months.values()].sort((a, b) => a.month.localeCompare(b.month)),
      };
    });
  },

  async deleteByForm({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      const owned = { formId: ids.form, userId: ids.owner };
      await Promise.all([FormStatsModel.deleteOne(owned), FormStatsMonthModel.deleteMany(owned)]);
    });
  },
};
