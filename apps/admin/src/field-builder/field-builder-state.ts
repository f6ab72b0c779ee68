import type { RouterInputs, RouterOutputs } from '../lib/trpc';

/** A field as the create/update procedures take it (the server's own input type). */
export type TFieldInput = NonNullable<RouterInputs['forms']['create']['fields']>[number];
export type TFieldType = TFieldInput['type'];

/**
 * The field types the builder offers, with their labels. A Record over the server's own type
 * union: a type added on the server fails this file's typecheck until it gets a label here.
 */
export const FIELD_TYPE_LABELS: Record<TFieldType, string> = {
  text: 'Short text',
  email: 'Email',
  textarea: 'Long text',
  number: 'Number',
  checkbox: 'Checkbox',
  select: 'Drop-down',
  radio: 'Radio buttons',
  date: 'Date',
  url: 'URL',
  tel: 'Phone',
  rating: 'Rating',
  product: 'Product',
  file: 'File upload',
};

const TYPES_WITH_OPTIONS = new Set<TFieldType>(['select', 'radio']);

export function takesOptions(type: TFieldType): boolean {
  return TYPES_WITH_OPTIONS.has(type);
}

/**
 * One row of the builder. `key` identifies the row while it is edited (names change as the owner
 * types); options are kept as the text of a textarea, one per line, until saved.
 */
export type TBuilderField = {
  key: string;
  label: string;
  name: string;
  type: TFieldType;
  required: boolean;
  placeholder: string;
  optionsText: string;
  /** File fields: accepted types (`image/*, .pdf`), the per-file limit in MB and how many files. */
  acceptText: string;
  maxSizeMb: string;
  multiple: string;
};

export type TBuilderAction =
  | { kind: 'add'; key: string }
  | { kind: 'remove'; key: string }
  | { kind: 'move'; key: string; by: -1 | 1 }
  | { kind: 'change'; key: string; changes: Partial<Omit<TBuilderField, 'key'>> };

/**
 * Turns a label into a field name the server accepts (submission data is keyed by it): lower
 * case, words joined by `_`, no `.` or `$`.
 */
export function nameFromLabel(label: string): string {
  return label
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .slice(0, 64);
}

export function fieldBuilderReducer(fields: TBuilderField[], action: TBuilderAction): TBuilderField[] {
  switch (action.kind) {
    case 'add':
      return [
        ...fields,
        {
          key: action.key,
          label: '',
          name: '',
          type: 'text',
          required: false,
          placeholder: '',
          optionsText: '',
          acceptText: '',
          maxSizeMb: '',
          multiple: '1',
        },
      ];
    case 'remove':
      return fields.filter((field) => field.key !== action.key);
    case 'move': {
      const from = fields.findIndex((field) => field.key === action.key);
      const to = from + action.by;
      if (from < 0 || to < 0 || to >= fields.length) {
        return fields;
      }
      const next = [...fields];
      const [moved] = next.splice(from, 1);
      if (moved) next.splice(to, 0, moved);

      return next;
    }
    case 'change':
      return fields.map((field) => {
        if (field.key !== action.key) {
          return field;
        }
        const changed = { ...field, ...action.changes };
        // The name follows the label until the owner types a name of their own.
        const nameFollowsLabel = field.name === nameFromLabel(field.label);
        if (action.changes.label !== undefined && action.changes.name === undefined && nameFollowsLabel) {
          changed.name = nameFromLabel(action.changes.label);
        }

        return changed;
      });
  }
}

function optionsOf(field: TBuilderField): string[] {
  return field.optionsText
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
}

/** Problems the owner can fix before saving, keyed by the row's key (the server checks again). */
export function validateFields(fields: TBuilderField[]): Map<string, string> {
  const problems = new Map<string, string>();
  const seen = new Set<string>();
  for (const field of fields) {
    const name = field.name.trim();
    if (name === '') {
      problems.set(field.key, 'Give the field a name.');
    } else if (name.includes('.') || name.startsWith('$') || name === '_gotcha') {
      problems.set(field.key, 'A name may not contain "." or start with "$", and "_gotcha" is reserved.');
    } else if (seen.has(name)) {
      problems.set(field.key, `Another field is already named "${name}".`);
    } else if (takesOptions(field.type) && optionsOf(field).length === 0) {
      problems.set(field.key, 'List at least one option, one per line.');
    } else if (field.type === 'file' && !/^([1-9]|10)$/.test(field.multiple.trim())) {
      problems.set(field.key, 'A file field takes 1 to 10 files.');
    } else if (
      field.type === 'file' &&
      field.maxSizeMb.trim() !== '' &&
      !/^[1-9]\d*$/.test(field.maxSizeMb.trim())
    ) {
      problems.set(field.key, 'The size limit is a whole number of MB.');
    }
    seen.add(name);
  }

  return problems;
}

/** The builder's rows as the procedures take them, in the order shown. */
export function toFieldInputs(fields: TBuilderField[]): TFieldInput[] {
  return fields.map((field) => ({
    name: field.name.trim(),
    label: field.label.trim() || field.name.trim(),
    type: field.type,
    required: field.required,
    ...(field.placeholder.trim() ? { placeholder: field.placeholder.trim() } : {}),
    ...(takesOptions(field.type) ? { options: optionsOf(field) } : {}),
    ...(field.type === 'file' ? fileSettingsOf(field) : {}),
  }));
}

/** A file field's settings as the procedures take them; empty ones are left to the plan's limits. */
function fileSettingsOf(field: TBuilderField): Pick<TFieldInput, 'accept' | 'maxSizeMb' | 'multiple'> {
  const accept = field.acceptText
    .split(/[\s,]+/)
    .map((entry) => entry.trim())
    .filter((entry) => entry.length > 0);

  return {
    ...(accept.length > 0 ? { accept } : {}),
    ...(field.maxSizeMb.trim() ? { maxSizeMb: Number(field.maxSizeMb.trim()) } : {}),
    multiple: Number(field.multiple.trim()),
  };
}

type TStoredField = RouterOutputs['forms']['get']['fields'][number];

function isFieldType(type: string): type is TFieldType {
  return Object.hasOwn(FIELD_TYPE_LABELS, type);
}

/** A stored form's fields as builder rows (editing an existing form). */
export function fromStoredFields(fields: TStoredField[]): TBuilderField[] {
  return fields.map((field, index) => ({
    key: `stored-${index}`,
    label: field.label,
    name: field.name,
    type: isFieldType(field.type) ? field.type : 'text',
    required: field.required,
    placeholder: field.placeholder ?? '',
    optionsText: (field.options ?? []).join('\n'),
    acceptText: (field.accept ?? []).join(', '),
    maxSizeMb: field.maxSizeMb === undefined ? '' : String(field.maxSizeMb),
    multiple: String(field.multiple ?? 1),
  }));
}
