import { z } from 'zod';

import type { TFormField } from '../forms/z-form-field.js';

export const MAX_DATA_KEYS = 100;
export const MAX_STRING_LENGTH = 10_000;

export type TValidationResult =
  { ok: true; data: Record<string, unknown> } | { ok: false; fieldErrors: Record<string, string> };

const ZEmail = z.email();
const ISO_DATE = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;
const TEL = /^[+\d\s().\-/]{3,40}$/;

function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);

    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function isPrimitive(value: unknown): boolean {
  return value === null || ['string', 'number', 'boolean'].includes(typeof value);
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
      return typeof value === 'string' && TEL.test(value.trim())
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'Must be a valid phone number' };
    case 'url':
      return typeof value === 'string' && isHttpUrl(value.trim())
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'Must be an absolute http(s) URL' };
    case 'date':
      return typeof value === 'string' &&
        ISO_DATE.test(value.trim()) &&
        !Number.isNaN(Date.parse(value.trim()))
        ? { ok: true, value: value.trim() }
        : { ok: false, reason: 'Must be an ISO 8601 date' };
    case 'number': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

      return typeof number === 'number' && Number.isFinite(number)
        ? { ok: true, value: number }
        : { ok: false, reason: 'Must be a number' };
    }
    case 'rating': {
      const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;

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
      // Product payload shapes are not specified; accept ids or a flat list of selections.
      return typeof value === 'string' ||
        (Array.isArray(value) &&
          value.every(
            (item) =>
              isPrimitive(item) || (typeof item === 'object' && item !== null && !Array.isArray(item)),
          ))
        ? { ok: true, value }
        : { ok: false, reason: 'Must be a product id or a list of product selections' };
  }
}

function tooLong(value: unknown): boolean {
  if (typeof value === 'string') {
    return value.length > MAX_STRING_LENGTH;
  }

  return JSON.stringify(value ?? null).length > MAX_STRING_LENGTH * 2;
}

/**
 * Validates `data` against the form's fields (decisions §8): required present, types, options,
 * unknown keys rejected except on a form with no declared fields (any flat object), ≤ 100 keys,
 * strings ≤ 10,000 characters. `_gotcha` must already be removed by the caller.
 */
export function validateSubmissionData({
  fields,
  data,
}: {
  fields: TFormField[];
  data: Record<string, unknown>;
}): TValidationResult {
  const keys = Object.keys(data);
  const fieldErrors: Record<string, string> = {};
  if (keys.length > MAX_DATA_KEYS) {
    return { ok: false, fieldErrors: { _data: `At most ${MAX_DATA_KEYS} keys are accepted` } };
  }
  for (const key of keys) {
    if (tooLong(data[key])) {
      fieldErrors[key] = `Must be at most ${MAX_STRING_LENGTH} characters`;
    }
  }
  if (fields.length === 0) {
    for (const key of keys) {
      if (key.includes('.') || key.startsWith('$') || key.trim() === '') {
        // Stored as object keys: these would change the meaning of a MongoDB field path.
        fieldErrors[key] = 'Keys may not be empty, contain "." or start with "$"';
      } else if (!isPrimitive(data[key]) && fieldErrors[key] === undefined) {
        fieldErrors[key] = 'Must be a string, number, boolean or null';
      }
    }

    return Object.keys(fieldErrors).length > 0 ? { ok: false, fieldErrors } : { ok: true, data: { ...data } };
  }
  const declared = new Map(fields.map((field) => [field.name, field]));
  for (const key of keys) {
    if (!declared.has(key)) {
      fieldErrors[key] = 'Unknown field';
    }
  }
  const cleaned: Record<string, unknown> = {};
  for (const field of fields) {
    if (fieldErrors[field.name] !== undefined) {
      continue;
    }
    const value = data[field.name];
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
