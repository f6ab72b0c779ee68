import { COPY_MAX_AGE_SECONDS, type SubmitFormOptions } from '@formwell/core';
import { LRUCache } from 'lru-cache';

type TLoadForm = NonNullable<SubmitFormOptions['loadForm']>;
type TForm = Awaited<ReturnType<TLoadForm>>;
type TFormIds = Parameters<TLoadForm>[0];

type TFormCopyEntry = {
  form: TForm;
  /** The owner's auth epoch read BEFORE the MongoDB read that produced `form`. */
  epoch: string;
  /** When `form` was read (ms); past the maximum age it is read again. */
  verifiedAt: number;
};

/**
 * This process's copy of the forms keyed submits go to, so a submit need not read its form from
 * MongoDB. The same rule as the API-key copy (auth/api-key-cache.ts): a copy answers only while the
 * owner's auth epoch, read by the request's one Redis call before anything else, is the one it was
 * read under. Editing or deleting a form and adding a webhook endpoint bump that epoch after their
 * MongoDB write, so every replica reads the form again on its next submit.
 */
export type FormCopy = {
  /** The owner's form, from the copy when `epoch` verifies it, else from `read` (stored for next time). */
  load(ids: TFormIds & { epoch: string | null }): Promise<TForm>;
  /** Forgets every copy (a Redis outage may have hidden bumps). */
  clear(): void;
};

export type CreateFormCopyOptions = {
  /** The MongoDB read: the owner's form, or the submit's 404 / foreign-form 403. */
  read: TLoadForm;
  /** Forms remembered per process; the least recently used go first. */
  maxForms?: number;
  /**
   * Bound on the copies' total size (their JSON length): forms with many fields can be large, so a
   * count alone could let the copy grow to gigabytes.
   */
  maxBytes?: number;
  /** As for API keys: a change whose bump never reached Redis is honoured within this bound. */
  maxAgeMs?: number;
};

const FORM_COPY_MAX_FORMS = 10_000;
const FORM_COPY_MAX_BYTES = 64 * 1024 * 1024;

export function createFormCopy({
  read,
  maxForms = FORM_COPY_MAX_FORMS,
  maxBytes = FORM_COPY_MAX_BYTES,
  maxAgeMs = COPY_MAX_AGE_SECONDS * 1000,
}: CreateFormCopyOptions): FormCopy {
  const entries = new LRUCache<string, TFormCopyEntry>({
    max: maxForms,
    maxSize: maxBytes,
    // Measured once per MongoDB read, never on a submit served from the copy. A form larger than
    // the whole bound is simply not kept.
    sizeCalculation: (entry) => Math.max(1, JSON.stringify(entry.form).length),
  });

  return {
    async load({ userId, formId, epoch }) {
      if (epoch === null) {
        // Redis did not answer: nothing can be verified, and bumps made meanwhile may be lost.
        entries.clear();

        return read({ userId, formId });
      }
      // The owner is part of the key: a copy is only ever handed to the user it was read for.
      const key = `${userId}:${formId}`;
      const known = entries.get(key);
      if (known && known.epoch === epoch && Date.now() - known.verifiedAt <= maxAgeMs) {
        return known.form;
      }
      const verifiedAt = Date.now();
      try {
        const form = await read({ userId, formId });
        entries.set(key, { form, epoch, verifiedAt });

        return form;
      } catch (error) {
        entries.delete(key);
        throw error;
      }
    },
    clear: () => {
      entries.clear();
    },
  };
}
