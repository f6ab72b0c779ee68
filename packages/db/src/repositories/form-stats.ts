import { FormStatsMonthModel } from '../models/form-stats-month.js';
import { FormStatsModel } from '../models/form-stats.js';
import { SubmissionModel } from '../models/submission.js';
import { failedOnlyOnDuplicateKeys, namespaceOf } from './bulk-write.js';
import { batchedBulkWrite } from './bulk-write-batch.js';
import { countOnce, countOnceWrite } from './count-once.js';
import { toObjectId } from './object-id.js';
import { withOwnedIds, type TOwnedIds } from './owned-ids.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { emptyDays, statsBucketOf } from './stats-buckets.js';
import { markAppliedWrite, submissionCountersRepository } from './submission-counters.js';

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

type TLeanMonth = { month: string; days?: number[][] | null };

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
  /** Re-applying an interrupted submit: see countOnce. */
  reapplying?: boolean;
  /** Clear the submission's "counters pending" flag in the same command when it can (see recordSubmission). */
  clearMark?: boolean;
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
      [`days.${bucket.day}.${bucket.slot}`]: by,
    },
  };
}

function filters(ids: TOwnedIds, month: string) {
  const totals = { formId: ids.form, userId: ids.owner };

  return { totals, buckets: { ...totals, month } };
}

type TMonthFilter = ReturnType<typeof filters>['buckets'];

/**
 * Creates the month's document with every bucket 0 unless it exists. An upsert cannot do this: its
 * `$inc` of `days.D.Q` would create objects keyed "D" and "Q" instead of the arrays.
 */
async function createMonth(filter: TMonthFilter): Promise<void> {
  try {
    await FormStatsMonthModel.collection.insertOne({ ...filter, days: emptyDays(filter.month), version: 0 });
  } catch (error) {
    if (!isDuplicateKeyError(error)) {
      throw error;
    }
  }
}

/** `$inc` on the month's buckets, creating the document on the month's first submission. */
async function bumpMonth(filter: TMonthFilter, inc: Record<string, number>): Promise<void> {
  const { matchedCount } = await FormStatsMonthModel.collection.updateOne(filter, { $inc: inc });
  if (matchedCount === 0) {
    await createMonth(filter);
    await FormStatsMonthModel.collection.updateOne(filter, { $inc: inc });
  }
}

/**
 * countOnce on the month's buckets. Nothing matching means the document is missing or already
 * counts the submission: after creating it (a no-op when it exists) one retry tells them apart.
 */
async function countMonthOnce(
  filter: TMonthFilter,
  counted: NonNullable<ReturnType<typeof toObjectId>>,
  inc: Record<string, number>,
  reapplying: boolean,
): Promise<void> {
  if ((await countOnce(FormStatsMonthModel.collection, filter, counted, { inc, reapplying })) === null) {
    await createMonth(filter);
    await countOnce(FormStatsMonthModel.collection, filter, counted, { inc, reapplying });
  }
}

/**
 * Forms whose bucket document of a month this process saw (`formId:month`): a submission of such a
 * form and month can clear its "counters pending" flag in the same command as its counters (see
 * countedInOneCommand). Bounded; forgetting only costs the flag's own command again.
 */
const knownMonths = new Set<string>();
const KNOWN_MONTHS_KEPT = 10_000;

function rememberMonth(key: string): void {
  if (knownMonths.size >= KNOWN_MONTHS_KEPT) {
    knownMonths.clear();
  }
  knownMonths.add(key);
}

type TOneCommandOutcome = 'notCounted' | 'counted' | 'countedAndMarked';

/**
 * Both counters of a new submission in one command (MongoDB 8.0's bulkWrite): the totals upserted,
 * the month's buckets updated. 'notCounted' when the separate writes must finish the work: a server
 * older than 8.0, the month's first submission (its document must first be created with its
 * arrays), or a totals upsert that met the unique index (counted already, or a concurrent first
 * insert). Writing again what this command did count is a no-op (count-once).
 *
 * With `clearMark` (the submission's id), the command also clears the submission's "counters
 * pending" flag, after both counters and in order, so a failed counter stops it. An update that
 * matches nothing is no failure, though: if the month's buckets matched nothing, the flag was
 * cleared without them and is set again before the separate writes count the month. That is why the
 * flag rides along only for a month whose document this process has seen: the buckets then match
 * unless a reader already counted the submission, or the document was deleted (its form's deletion,
 * a rebuild of a month without submissions) in the meantime.
 */
async function countedInOneCommand(
  filter: ReturnType<typeof filters>,
  counted: NonNullable<ReturnType<typeof toObjectId>>,
  inc: { totals: Record<string, number>; buckets: Record<string, number> },
  clearMark: boolean,
): Promise<TOneCommandOutcome> {
  const monthKey = `${filter.buckets.formId.toString()}:${filter.buckets.month}`;
  const withMark = clearMark && knownMonths.has(monthKey);
  const totals = countOnceWrite(filter.totals, counted, { inc: inc.totals });
  const month = countOnceWrite(filter.buckets, counted, { inc: inc.buckets });
  let result;
  try {
    // Batched with other submissions' analytics on their way (after their responses: nobody waits).
    result = await batchedBulkWrite(FormStatsModel.db.getClient(), [
      { name: 'updateOne', namespace: namespaceOf(FormStatsModel), ...totals, upsert: true },
      { name: 'updateOne', namespace: namespaceOf(FormStatsMonthModel), ...month },
      ...(withMark
        ? [
            {
              name: 'updateOne' as const,
              namespace: namespaceOf(SubmissionModel),
              ...markAppliedWrite(counted),
            },
          ]
        : []),
    ]);
  } catch (error) {
    if (failedOnlyOnDuplicateKeys(error)) {
      return 'notCounted';
    }
    throw error;
  }
  if (!result) {
    // A server older than 8.0: nothing was sent.
    return 'notCounted';
  }
  if (result.updateResults?.get(1)?.matchedCount === 1) {
    rememberMonth(monthKey);

    return withMark ? 'countedAndMarked' : 'counted';
  }
  if (withMark) {
    knownMonths.delete(monthKey);
    await submissionCountersRepository.markPendingAgain({ submissionId: counted });
  }

  return 'notCounted';
}

/**
 * Per-form analytics counters: one totals document per form and one bucket document per form and
 * UTC month, each updated with atomic `$inc` (no transactions needed).
 */
export const formStatsRepository = {
  /**
   * Counts a submission. True when the submission's "counters pending" flag was cleared too, which
   * only `clearMark` asks for (the submit path's after-response step, which would clear it next);
   * false leaves the flag to the caller.
   */
  async recordSubmission({
    userId,
    formId,
    submissionId,
    reapplying = false,
    clearMark = false,
    ...submission
  }: TRecordSubmissionOptions): Promise<boolean> {
    return withOwnedIds({ userId, formId }, false, async (ids) => {
      const { month, totals, buckets } = increments(submission, 1);
      const filter = filters(ids, month);
      const counted = submissionId === undefined ? null : toObjectId(submissionId);
      if (!counted) {
        await Promise.all([
          FormStatsModel.updateOne(filter.totals, { $inc: totals }, UPSERT),
          bumpMonth(filter.buckets, buckets),
        ]);

        return false;
      }
      if (!reapplying) {
        const outcome = await countedInOneCommand(filter, counted, { totals, buckets }, clearMark);
        if (outcome !== 'notCounted') {
          return outcome === 'countedAndMarked';
        }
      }
      await Promise.all([
        countOnce(FormStatsModel.collection, filter.totals, counted, {
          inc: totals,
          upsert: true,
          reapplying,
        }),
        countMonthOnce(filter.buckets, counted, buckets, reapplying),
      ]);
      rememberMonth(`${ids.form.toString()}:${month}`);

      return false;
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
        FormStatsMonthModel.collection.updateOne(filter.buckets, { $inc: buckets }),
      ]);
    });
  },

  /** Submissions of the form caught as spam (honeypot, failed CAPTCHA): one field of one document. */
  async spamCount({ userId, formId }: { userId: string; formId: string }): Promise<number> {
    return withOwnedIds({ userId, formId }, 0, async (ids) => {
      const doc = await FormStatsModel.findOne({ formId: ids.form, userId: ids.owner }, { spam: 1 }).lean<{
        spam?: number | null;
      }>();

      return doc?.spam ?? 0;
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
      const projection = {
        total: 1,
        spam: 1,
        browsers: 1,
        countries: 1,
        ...(quarterOfDay ? { quarterOfDay: 1 } : {}),
      };
      // Two index range reads rather than one `$or`, which the engine answers by decoding every
      // month of the form to test it.
      const older = quartersOf.filter((month) => month < quartersFrom);
      const months = (filter: Record<string, unknown>) =>
        FormStatsMonthModel.find({ ...owned, month: filter }, { month: 1, days: 1 }).lean<TLeanMonth[]>();
      const [doc, fromMonth, listed] = await Promise.all([
        FormStatsModel.findOne(owned, projection).lean<TLeanStats>(),
        months({ $gte: quartersFrom }),
        older.length > 0 ? months({ $in: older }) : [],
      ]);
      const withQuarters = [...fromMonth, ...listed];
      if (!doc) {
        return null;
      }
      const byMonth = new Map<string, TFormStatsMonthRecord>();
      const entry = (month: string) => {
        const found = byMonth.get(month) ?? { month, days: [], quarterOfDay: {} };
        byMonth.set(month, found);

        return found;
      };
      withQuarters.forEach((m) => (entry(m.month).days = m.days ?? []));
      Object.entries(doc.quarterOfDay ?? {}).forEach(
        ([month, counts]) => (entry(month).quarterOfDay = counts),
      );

      return {
        formId: ids.form.toString(),
        total: doc.total ?? 0,
        spam: doc.spam ?? 0,
        browsers: decodeKeys(doc.browsers),
        countries: decodeKeys(doc.countries),
        months: [...byMonth.values()].sort((a, b) => a.month.localeCompare(b.month)),
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
