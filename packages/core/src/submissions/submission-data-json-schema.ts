import { MAX_DATA_KEYS, MAX_KEY_LENGTH, MAX_STRING_LENGTH } from './validate-submission-data.js';

/**
 * The rules `validateSubmissionData` applies to every form's `data`, as JSON Schema for the API
 * documents: at most 100 keys; a key of 1 to 200 characters, not blank, without "." or control
 * characters and not starting with "$"; a value that is a string of at most 10,000 characters, a
 * number, a boolean, null or a list of such strings. A form with declared fields checks more (its
 * field names, types and options: 400 with `fieldErrors`), which the description says.
 */
export const SUBMISSION_DATA_JSON_SCHEMA = {
  type: 'object',
  maxProperties: MAX_DATA_KEYS,
  propertyNames: {
    type: 'string',
    minLength: 1,
    maxLength: MAX_KEY_LENGTH,
    pattern: '^(?!\\$)(?=.*\\S)[^.\\u0000-\\u001f\\u007f]+$',
  },
  additionalProperties: {
    anyOf: [
      { type: 'string', maxLength: MAX_STRING_LENGTH },
      { type: 'number' },
      { type: 'boolean' },
      { type: 'null' },
      {
        type: 'array',
        maxItems: MAX_DATA_KEYS,
        items: { type: 'string', maxLength: MAX_STRING_LENGTH },
      },
    ],
  },
  description:
    'Field name → value. A form with declared fields accepts exactly those names and checks each value against its field (type, options, required): a refusal is 400 `Invalid submission data` with `fieldErrors`. A form without fields accepts any names within these rules.',
} as const;
