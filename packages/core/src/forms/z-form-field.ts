import { z } from 'zod';

/** The kinds of input a form field can be; submitted values are checked against the kind. */
export const FIELD_TYPES = [
  'text',
  'email',
  'textarea',
  'number',
  'checkbox',
  'select',
  'radio',
  'date',
  'url',
  'tel',
  'rating',
  'product',
  'file',
] as const;

/** A file field's `accept` entry: a MIME type (`image/png`), a family (`image/*`) or an extension (`.pdf`). */
const ZAcceptEntrySchema = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(\.[a-z0-9]{1,20}|[a-z0-9][a-z0-9.+-]{0,62}\/(\*|[a-z0-9][a-z0-9.+-]{0,126}))$/, {
    message: 'Each accept entry is a MIME type (image/png, image/*) or an extension (.pdf)',
  });

/**
 * A file field's `accept`: a list of entries, or one string of them separated by commas as HTML's
 * own `accept` attribute writes it (`"image/png,.pdf"`), stored as the list. The document shows the
 * list, the form every answer has.
 */
const ZAcceptSchema = z.preprocess(
  (sent) => (typeof sent === 'string' ? sent.split(',') : sent),
  z.array(ZAcceptEntrySchema).min(1).max(50),
);

/** The most files one file field takes. */
const MAX_FILES_PER_FIELD = 10;

export const ZFieldTypeSchema = z.enum(FIELD_TYPES);

/**
 * Submission `data` is keyed by field `name`, and names become stored object keys: no `.`, no
 * leading `$` (both change a MongoDB field path), no control characters; `_gotcha` is the honeypot.
 */
const ZFieldNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine(
    (name) => !name.includes('.') && !name.startsWith('$'),
    'Field names may not contain "." or start with "$"',
  )
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), 'Field names may not contain control characters')
  .refine((name) => name !== '_gotcha', '"_gotcha" is reserved for the honeypot');

/** The keys only a file field takes, and the types that need options. */
const FILE_ONLY_KEYS = ['accept', 'maxSizeMb', 'multiple'] as const;
const OPTION_TYPES = ['select', 'radio'] as const;

const NO_FILE_KEYS = Object.fromEntries(FILE_ONLY_KEYS.map((key) => [key, false]));

/**
 * The rules across `type` and the other keys, which the object's own JSON Schema cannot state: one
 * branch per kind of type, so the document refuses what the refinement below refuses.
 */
const FIELD_TYPE_RULES_JSON_SCHEMA = {
  oneOf: [
    { properties: { type: { type: 'string', const: 'file' } } },
    {
      properties: {
        type: { type: 'string', enum: [...OPTION_TYPES] },
        options: { type: 'array', minItems: 1 },
        ...NO_FILE_KEYS,
      },
      required: ['options'],
    },
    {
      properties: {
        type: {
          type: 'string',
          enum: FIELD_TYPES.filter(
            (type) => type !== 'file' && !(OPTION_TYPES as readonly string[]).includes(type),
          ),
        },
        ...NO_FILE_KEYS,
      },
    },
  ],
};

/** One field definition, shaped as the interface's Field table. */
export const ZFormFieldSchema = z
  .object({
    id: z.string().trim().min(1).max(64).optional(),
    name: ZFieldNameSchema,
    label: z.string().max(500).optional(),
    type: ZFieldTypeSchema,
    required: z.boolean().default(false),
    placeholder: z.string().max(500).optional(),
    options: z.array(z.string().min(1).max(500)).max(200).optional(),
    products: z.array(z.unknown()).max(200).optional(),
    displayMode: z.string().max(50).optional(),
    productIds: z.array(z.unknown()).max(200).optional(),
    accept: ZAcceptSchema.optional(),
    /** Per-file limit in MB (1,048,576 bytes); the plan's limit caps it. */
    maxSizeMb: z.number().int().min(1).max(10_240).optional(),
    multiple: z.number().int().min(1).max(MAX_FILES_PER_FIELD).optional(),
  })
  .superRefine((field, ctx) => {
    if (field.type !== 'file') {
      for (const key of FILE_ONLY_KEYS) {
        if (field[key] !== undefined) {
          ctx.addIssue({ code: 'custom', path: [key], message: `Only a file field takes ${key}` });
        }
      }
    }
    if ((field.type === 'select' || field.type === 'radio') && (field.options ?? []).length === 0) {
      ctx.addIssue({ code: 'custom', path: ['options'], message: `A ${field.type} field needs options` });
    }
  })
  // The refinement is invisible to the document; say what it accepts.
  .meta(FIELD_TYPE_RULES_JSON_SCHEMA)
  .transform((field) => ({
    ...field,
    id: field.id ?? field.name,
    label: field.label ?? field.name,
    ...(field.type === 'product'
      ? {
          products: field.products ?? [],
          displayMode: field.displayMode ?? 'grid',
          productIds: field.productIds ?? [],
        }
      : {}),
    ...(field.type === 'file' ? { multiple: field.multiple ?? 1 } : {}),
  }));

export type TFormFieldInput = z.input<typeof ZFormFieldSchema>;
export type TFormField = z.output<typeof ZFormFieldSchema>;

/**
 * A stored field as the API shows it (the document's `FormField`). Looser than the input rules
 * above on purpose: it describes what is stored, which those rules already checked on the way in.
 */
export const ZFormFieldViewSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    label: z.string(),
    type: z.string(),
    required: z.boolean(),
    placeholder: z.string().optional(),
    options: z.array(z.string()).optional(),
    products: z.array(z.unknown()).optional(),
    displayMode: z.string().optional(),
    productIds: z.array(z.unknown()).optional(),
    accept: z.array(z.string()).optional(),
    maxSizeMb: z.number().optional(),
    multiple: z.number().optional(),
  })
  .meta({ id: 'FormField' });

/** The field list of a form: ≤ 100 fields with distinct names. */
export const ZFormFieldsSchema = z
  .array(ZFormFieldSchema)
  .max(100)
  .superRefine((fields, ctx) => {
    const seen = new Set<string>();
    fields.forEach((field, index) => {
      if (seen.has(field.name)) {
        ctx.addIssue({
          code: 'custom',
          path: [index, 'name'],
          message: `Duplicate field name "${field.name}"`,
        });
      }
      seen.add(field.name);
    });
  });
