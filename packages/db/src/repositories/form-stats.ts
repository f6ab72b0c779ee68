import { FormStatsModel } from '../models/form-stats.js';
import { toObjectId } from './object-id.js';

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

// Upserts must not add `$setOnInsert` defaults on the very paths we `$inc` (a path conflict).
const UPSERT = { upsert: true, setDefaultsOnInsert: false } as const;

/** Per-form analytics counters; one document per form, updated with atomic `$inc`. */
export const formStatsRepository = {
  async recordSubmission({
    userId,
    formId,
    at,
    browser,
    country,
  }: {
    userId: string;
    formId: string;
    at: Date;
    browser: string;
    country: string;
  }): Promise<void> {
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!form || !owner) {
      return;
    }
    const hourOfDay = String(at.getUTCHours()).padStart(2, '0');
    await FormStatsModel.updateOne(
      { formId: form, userId: owner },
      {
        $inc: {
          total: 1,
          [`hours.${hourKey(at)}`]: 1,
          [`hourOfDay.${hourOfDay}`]: 1,
          [`browsers.${statsKey(browser)}`]: 1,
          [`countries.${statsKey(country)}`]: 1,
        },
      },
      UPSERT,
    );
  },

  async recordSpam({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!form || !owner) {
      return;
    }
    await FormStatsModel.updateOne({ formId: form, userId: owner }, { $inc: { spam: 1 } }, UPSERT);
  },

  async get({ userId, formId }: { userId: string; formId: string }): Promise<TFormStatsRecord | null> {
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!form || !owner) {
      return null;
    }
    const doc = await FormStatsModel.findOne({ formId: form, userId: owner }).lean<TLeanStats>();
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
  },

  async deleteByForm({ userId, formId }: { userId: string; formId: string }): Promise<void> {
    const form = toObjectId(formId);
    const owner = toObjectId(userId);
    if (!form || !owner) {
      return;
    }
    await FormStatsModel.deleteOne({ formId: form, userId: owner });
  },
};
