import { z } from 'zod';

import { ErrorMessages } from '../errors/error-messages.js';
import type { TSubmissionFiles } from '../files/z-stored-file.js';
import type { TFormField } from '../forms/z-form-field.js';
import { isAbsoluteHttpUrl } from './is-absolute-http-url.js';
import { ownValue } from './own-value.js';
import { startsWithCalendarDay } from './starts-with-calendar-day.js';

export const MAX_DATA_KEYS = 100;
export const MAX_STRING_LENGTH = 10_000;
export const MAX_KEY_LENGTH = 200;

export type TValidationResult =
  { ok: true; data: Record<string, unknown> } | { ok: false; fieldErrors: Record<string, string> };

const ZEmail = z.email();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const TEL = /^[+\d\s().\-/]{3,40}$/;
/** Punctuation alone ("((()))", "...") is no phone number: the shortest numbers (112, 911) have 3 digits. */
const TEL_MIN_DIGITS = 3;
/**
 * A number written as a string (an HTML form sends every value so): decimal notation with an
 * optional exponent, as HTML's number input and JSON write it. `Number()` alone also read hex
 * ("0x10" as 16), binary and octal literals and "Infinity". Each part can match in one way only
 * (digits, then an optional dot with digits), so a long run of digits ending in a wrong character
 * is refused in linear time: any public form with a number field takes such input.
 */
const DECIMAL_NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

function numberOf(value: unknown): unknown {
  if (typeof value !== 'string') {
    return value;
  }
  const text = value.trim();

  return DECIMAL_NUMBER.test(text) ? Number(text) : value;
}

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/** A scalar: string, number, boolean or null. */
function isPrimitive(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
}

/**
 * A list of strings: what a plain HTML form sends for a name it repeats (checkbox groups, multiple
 * selects). At most MAX_DATA_KEYS items, so a list is never larger than a record of its own.
 */
function isStringList(value: unknown): value is string[] {
  return (
    Array.isArray(value) && value.length <= MAX_DATA_KEYS && value.every((item) => typeof item === 'string')
  );
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

const REQUIRED_FILE = 'Required: send the file as multipart/form-data';

const KEY_LENGTH_RULE = `Key names must be 1 to ${MAX_KEY_LENGTH} characters`;

/**
 * Why a key may not be stored as an object key, or null when it may (its length is checked before,
 * on every form): "." and a leading "$" change the meaning of a MongoDB field path; control
 * characters (NUL ends a BSON key) and lone surrogates cannot be stored faithfully.
 */
function keyProblem(key: string): string | null {
  if (key.includes('.') || key.startsWith('$') || key.trim() === '') {
    return 'Keys may not be empty, contain "." or start with "$"';
  }
  if (CONTROL_CHARACTER.test(key) || !key.isWellFormed()) {
    return 'Keys may not contain control characters or invalid Unicode';
  }

  return null;
}

/** A one-level object whose keys are storable and whose values are scalars (no recursion). */
function isFlatRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return false;
  }

  return Object.entries(value).every(([key, item]) => keyProblem(key) === null && isPrimitive(item));
}

/** Length in characters (Unicode code points), counted only as far as the limit needs. */
function exceedsCharacters(value: string, limit: number): boolean {
  if (value.length <= limit) {
    return false;
  }
  if (value.length > limit * 2) {
    return true;
  }
  let count = 0;
  for (let index = 0; index < value.length; index++) {
    const code = value.charCodeAt(index);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = value.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        index++;
      }
    }
    count++;
    if (count > limit) {
      return true;
    }
  }

  return false;
}

type TCheck = { ok: true; value: unknown } | { ok: false; reason: string };

/** One value against one field; returns the value as stored (numbers and booleans coerced from strings). */
function checkField(field: TFormField, value: unknown): TCheck {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return typeof value === 'string' ? { ok: true, value } : { ok: false, reason: 'Must be a string' };
    case 'email':
      return typeof value === 'string' && ZEmail.safeParse(value.trim()).success
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'Must be a valid email address' };
    case 'tel':
      return typeof value === 'string' &&
        TEL.test(value.trim()) &&
        (value.match(/\d/g)?.length ?? 0) >= TEL_MIN_DIGITS
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'Must be a valid phone number' };
    case 'url':
      return typeof value === 'string' && isAbsoluteHttpUrl(value.trim())
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'Must be an absolute http(s) URL' };
    case 'date':
      return typeof value === 'string' &&
        ISO_DATE.test(value.trim()) &&
        startsWithCalendarDay(value.trim()) &&
        !Number.isNaN(Date.parse(value.trim()))
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'Must be an ISO 8601 date' };
    case 'number': {
      const number = numberOf(value);

      return typeof number === 'number' && Number.isFinite(number)
        ? { ok: true, value: number }
        : { ok: false, reason: 'Must be a number' };
    }
    case 'rating': {
      const number = numberOf(value);

      return typeof number === 'number' && Number.isInteger(number) && number >= 0 && number <= 10
        ? { ok: true, value: number }
        : { ok: false, reason: 'Must be an integer rating from 0 to 10' };
    }
    case 'checkbox': {
      const coerced = value === 'true' || value === 'on' ? true : value === 'false' ? false : value;

      return typeof coerced === 'boolean'
        ? { ok: true, value: coerced }
        : { ok: false, reason: 'Must be a boolean' };
    }
    case 'select':
    case 'radio':
      return typeof value === 'string' && (field.options ?? []).includes(value)
        ? { ok: true, value }
        : { ok: false, reason: 'Must be one of the options' };
    case 'product':
      // Product payload shapes are not specified; accept ids or a flat list of selections (scalars
      // or one-level objects of scalars, checked without recursing into deeper values).
      if (
        typeof value === 'string' ||
        (Array.isArray(value) && value.every((item) => isPrimitive(item) || isFlatRecord(item)))
      ) {
        return JSON.stringify(value).length > MAX_STRING_LENGTH * 2
          ? { ok: false, reason: `Must be at most ${MAX_STRING_LENGTH} characters` }
          : { ok: true, value };
      }

      return { ok: false, reason: 'Must be a product id or a list of product selections' };
    case 'file':
      // Its value comes from the multipart upload (see the file branch in validateSubmissionData);
      // one in the data itself was written by the client, so it is never stored as a file.
      return { ok: false, reason: ErrorMessages.FILES_ONLY_AS_MULTIPART };
  }
}

/** A key as named in `fieldErrors`: over-long names are cut, so the answer stays small. */
function reportedKey(key: string): string {
  return key.length > MAX_KEY_LENGTH ? `${key.slice(0, 40)}…` : key;
}

/** Only strings are measured here; other values are shape-checked first (see checkField). */
function tooLong(value: unknown): boolean {
  if (isStringList(value)) {
    return value.some((item) => exceedsCharacters(item, MAX_STRING_LENGTH));
  }

  return typeof value === 'string' && exceedsCharacters(value, MAX_STRING_LENGTH);
}

/**
 * Validates `data` against the form's fields: required present, types, options,
 * unknown keys rejected except on a form with no declared fields (any flat object: scalars or lists
 * of strings), ≤ 100 keys,
 * strings ≤ 10,000 characters (code points). `_gotcha` must already be removed by the caller.
 */
export function validateSubmissionData({
  fields,
  data,
  files = {},
}: {
  fields: TFormField[];
  data: Record<string, unknown>;
  /** The values of the file fields, from the files this request uploaded. */
  files?: TSubmissionFiles;
}): TValidationResult {
  const keys = Object.keys(data);
  const fieldErrors: Record<string, string> = {};
  if (keys.length > MAX_DATA_KEYS) {
    return { ok: false, fieldErrors: { _data: `At most ${MAX_DATA_KEYS} keys are accepted` } };
  }
  // Key names are limited on every form, like values: an over-long name is refused by its rule
  // (reported under a shortened name, never echoed back whole) and not looked at further.
  const namedKeys: string[] = [];
  for (const key of keys) {
    if (exceedsCharacters(key, MAX_KEY_LENGTH)) {
      fieldErrors[reportedKey(key)] = KEY_LENGTH_RULE;
    } else {
      namedKeys.push(key);
    }
  }
  for (const key of namedKeys) {
    if (tooLong(ownValue(data, key))) {
      fieldErrors[key] = `Must be at most ${MAX_STRING_LENGTH} characters`;
    }
  }
  if (fields.length === 0) {
    // Any flat object: keys become stored object keys, values must be scalars or a list of strings
    // (a nested value is refused by its type, never walked).
    for (const key of namedKeys) {
      const problem = keyProblem(key);
      if (problem !== null) {
        fieldErrors[key] = problem;
      } else if (!isPrimitive(data[key]) && !isStringList(data[key]) && !Object.hasOwn(fieldErrors, key)) {
        fieldErrors[key] = 'Must be a string, number, boolean or null';
      }
    }

    return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, data: { ...data } };
  }
  const declared = new Map(fields.map((field) => [field.name, field]));
  for (const key of namedKeys) {
    if (!declared.has(key)) {
      fieldErrors[key] = 'Unknown field';
    }
  }
  const cleaned: Record<string, unknown> = {};
  for (const field of fields) {
    if (Object.hasOwn(fieldErrors, field.name)) {
      continue;
    }
    const value = ownValue(data, field.name);
    if (field.type === 'file' && isEmpty(value)) {
      const uploaded = ownValue(files, field.name);
      if (uploaded !== undefined) {
        cleaned[field.name] = uploaded;
      } else if (field.required) {
        fieldErrors[field.name] = REQUIRED_FILE;
      }
      continue;
    }
    if (
      isEmpty(value) ||
      (field.type === 'checkbox' && field.required && (value === false || value === 'false'))
    ) {
      if (field.required) {
        fieldErrors[field.name] = 'Required';
      }
      continue;
    }
    const check = checkField(field, value);
    if (check.ok) {
      cleaned[field.name] = check.value;
    } else {
      fieldErrors[field.name] = check.reason;
    }
  }

  return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, data: cleaned };
}
