import type { Types } from 'mongoose';

import { FormStatsDayModel } from '../models/form-stats-day.js';
import { FormStatsQuartersModel } from '../models/form-stats-quarters.js';
import { FormStatsModel } from '../models/form-stats.js';
import { namespaceOf } from './bulk-write.js';
import type { TBulkWriteModel } from './bulk-write-command.js';
import { withOwnedIds } from './owned-ids.js';
import { emptyDays, statsBucketOf } from './stats-buckets.js';

export type TFormStatsMonthRecord = {
  /** UTC month `YYYY-MM`. */
  month: string;
  /** `days[d][q]`: submissions on UTC day d + 1 in quarter hour q (0..95); `[]` when not read. */
  days: number[][];
  /** UTC `HHMM` quarter of the day → submissions of the month. */
  quarterOfDay: Record<string, number>;
};

export type TFormStatsRecord = {
  formId: string;
  total: number;
  browsers: Record<string, number>;
  countries: Record<string, number>;
  /** Oldest first; only the months and parts asked for (see get). */
  months: TFormStatsMonthRecord[];
};

type TLeanStats = {
  total?: number | null;
  browsers?: Record<string, number> | null;
  countries?: Record<string, number> | null;
};

type TLeanDay = { day: string; slots?: Record<string, number> | null };
type TLeanQuarters = { month: string; slots?: Record<string, number> | null };

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

/** What one submission adds to (`by` 1) or takes from (-1) its form's analytics. */
export type TCountedSubmission = { at: Date; browser: string; country: string };

/** The `$inc` of one submission on each of its three documents, and which month and day they are. */
function increments({ at, browser, country }: TCountedSubmission, by: number) {
  const bucket = statsBucketOf(at);
  const slot = { version: 1, [`slots.${String(bucket.slot)}`]: by };

  return {
    month: bucket.month,
    date: bucket.date,
    totals: {
      total: by,
      version: 1,
      [`browsers.${statsKey(browser)}`]: by,
      [`countries.${statsKey(country)}`]: by,
    },
    slot,
  };
}

/**
 * The three analytics writes of one submission (totals, the month's quarters of the day, the day's
 * quarter hours), for a command that sends them with other writes (a
 * submit's one bulkWrite, a counting's claim). Adding (`by` 1) they are upserts filtered by the
 * unique index's fields alone, which lets MongoDB retry one that lost a race to create the
 * document instead of failing it; the owner is set on insert (the form was read as the owner's
 * before). Taking away (-1) they only update documents the owner has.
 */
export function analyticsWrites(
  ids: { owner: Types.ObjectId; form: Types.ObjectId },
  submission: TCountedSubmission,
  by: 1 | -1,
): TBulkWriteModel[] {
  const { month, date, totals, slot } = increments(submission, by);
  const owned = by > 0 ? { formId: ids.form } : { formId: ids.form, userId: ids.owner };
  const created = by > 0 ? { $setOnInsert: { userId: ids.owner } } : {};
  const write = (model: Parameters<typeof namespaceOf>[0], filter: object, inc: object): TBulkWriteModel => ({
    name: 'updateOne',
    namespace: namespaceOf(model),
    filter: { ...owned, ...filter },
    update: { $inc: inc, ...created },
    upsert: by > 0,
  });

  return [
    write(FormStatsModel, {}, totals),
    write(FormStatsQuartersModel, { month }, slot),
    write(FormStatsDayModel, { day: date }, slot),
  ];
}

/** Analytics writes (analyticsWrites, or the tail of them) one by one, in parallel. */
export async function writeAnalyticsApart(writes: TBulkWriteModel[]): Promise<void> {
  const collections = [FormStatsModel, FormStatsQuartersModel, FormStatsDayModel].map((model) => ({
    namespace: namespaceOf(model),
    collection: model.collection,
  }));
  await Promise.all(
    writes.map((write) => {
      const target = collections.find(({ namespace }) => namespace === write.namespace)?.collection;
      if (write.name !== 'updateOne' || !target) {
        throw new Error(`not an analytics write: ${write.name} on ${write.namespace}`);
      }

      return target.updateOne(write.filter, write.update, { upsert: write.upsert === true });
    }),
  );
}

/** The days of UTC month `YYYY-MM` as a range of FormStatsDay's `day`. */
function daysOf(month: string) {
  return { $gte: `${month}-01`, $lte: `${month}-31` };
}

/** A month's quarters of the day as stored (`0`..`95`) into the record's UTC `HHMM` keys. */
function quarterOfDayKeys(slots: Record<string, number> | null | undefined): Record<string, number> {
  return Object.fromEntries(
    Object.entries(slots ?? {}).map(([slot, count]) => {
      const minutes = Number(slot) * 15;
      const hhmm = `${String(Math.floor(minutes / 60)).padStart(2, '0')}${String(minutes % 60).padStart(2, '0')}`;

      return [hhmm, count];
    }),
  );
}

/** Day documents into month records: `days` zero-filled, each stored slot in its place. */
function monthsOfDays(dayDocs: TLeanDay[], entry: (month: string) => TFormStatsMonthRecord): void {
  for (const { day, slots } of dayDocs) {
    const record = entry(day.slice(0, 7));
    if (record.days.length === 0) {
      record.days = emptyDays(record.month);
    }
    const counts = record.days[Number(day.slice(8, 10)) - 1];
    for (const [slot, count] of Object.entries(slots ?? {})) {
      if (counts && count !== 0) {
        counts[Number(slot)] = (counts[Number(slot)] ?? 0) + count;
      }
    }
  }
}

/**
 * Per-form analytics counters: one totals document per form and one quarter-hour document per form
 * and UTC day, each updated with atomic `$inc` (no transactions needed). Which submissions they
 * include is decided by the callers' writes (see submission-counters.ts), not recorded here.
 */
export const formStatsRepository = {
  /** Adds a submission to the counters (a withdrawn submission released again; tests). */
  async recordSubmission({
    userId,
    formId,
    ...submission
  }: TCountedSubmission & { userId: string; formId: string }): Promise<void> {
    await withOwnedIds({ userId, formId }, undefined, (ids) =>
      writeAnalyticsApart(analyticsWrites(ids, submission, 1)),
    );
  },

  /**
   * Takes a deleted submission out of the counters. The caller deleted it with findOneAndDelete, so
   * exactly one caller gets here per submission.
   */
  async removeSubmission({
    userId,
    formId,
    ...submission
  }: TCountedSubmission & { userId: string; formId: string }): Promise<void> {
    await withOwnedIds({ userId, formId }, undefined, (ids) =>
      writeAnalyticsApart(analyticsWrites(ids, submission, -1)),
    );
  },

  /**
   * The totals, with (when `quarterOfDay` is set) the quarter-of-day totals of every month, and the
   * quarter-hour buckets of the months from `quartersFrom` (`YYYY-MM`, inclusive) and of those
   * listed in `quartersOf`. Only what a call needs is read; `days` is `[]`, `quarterOfDay` `{}`
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
      const projection = { total: 1, browsers: 1, countries: 1 };
      // One index range read per month asked for before `quartersFrom` (usually none), rather than
      // one `$or`, which the engine answers by decoding every day of the form to test it.
      const older = [...new Set(quartersOf.filter((month) => month < quartersFrom))];
      // Straight to the driver: up to a few dozen small documents per call, where mongoose's query
      // building and casting cost more than reading them.
      const days = (filter: Record<string, unknown>) =>
        FormStatsDayModel.collection
          .find<TLeanDay>({ ...owned, day: filter }, { projection: { _id: 0, day: 1, slots: 1 } })
          .toArray();
      const [doc, quarters, ...dayLists] = await Promise.all([
        FormStatsModel.findOne(owned, projection).lean<TLeanStats>(),
        quarterOfDay
          ? FormStatsQuartersModel.collection
              .find<TLeanQuarters>(owned, { projection: { _id: 0, month: 1, slots: 1 } })
              .toArray()
          : [],
        days({ $gte: quartersFrom }),
        ...older.map((month) => days(daysOf(month))),
      ]);
      if (!doc) {
        return null;
      }
      const byMonth = new Map<string, TFormStatsMonthRecord>();
      const entry = (month: string) => {
        const found = byMonth.get(month) ?? { month, days: [], quarterOfDay: {} };
        byMonth.set(month, found);

        return found;
      };
      monthsOfDays(dayLists.flat(), entry);
      quarters.forEach(({ month, slots }) => (entry(month).quarterOfDay = quarterOfDayKeys(slots)));

      return {
        formId: ids.form.toString(),
        total: doc.total ?? 0,
        browsers: decodeKeys(doc.browsers),
        countries: decodeKeys(doc.countries),
        months: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
      };
    });
  },

  async deleteByForm({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    return withOwnedIds({ userId, formId }, undefined, async (ids) => {
      const owned = { formId: ids.form, userId: ids.owner };
      await Promise.all([
        FormStatsModel.deleteOne(owned),
        FormStatsQuartersModel.deleteMany(owned),
        FormStatsDayModel.deleteMany(owned),
      ]);
    });
  },
};
