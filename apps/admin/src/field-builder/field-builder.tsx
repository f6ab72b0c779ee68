import { useId } from 'react';

import { CheckboxField, SelectField, TextArea, TextField } from '../components/ui';
import {
  FIELD_TYPE_LABELS,
  takesOptions,
  type TBuilderAction,
  type TBuilderField,
  type TFieldType,
} from './field-builder-state';

const TYPE_OPTIONS = Object.entries(FIELD_TYPE_LABELS).map(([value, label]) => ({ value, label }));

/** The list of field rows: each with its label, name, type, required, placeholder, options and order. */
export function FieldBuilder({
  fields,
  problems,
  dispatch,
}: {
  fields: TBuilderField[];
  problems: Map<string, string>;
  dispatch: (action: TBuilderAction) => void;
}) {
  return (
    <fieldset className="card">
      <legend>Fields</legend>
      {fields.length === 0 ? <p className="hint">No fields yet.</p> : null}
      {fields.map((field, index) => (
        <FieldRow
          key={field.key}
          field={field}
          position={index + 1}
          isFirst={index === 0}
          isLast={index === fields.length - 1}
          problem={problems.get(field.key)}
          dispatch={dispatch}
        />
      ))}
      <button type="button" onClick={() => dispatch({ kind: 'add', key: crypto.randomUUID() })}>
        Add field
      </button>
    </fieldset>
  );
}

function FieldRow({
  field,
  position,
  isFirst,
  isLast,
  problem,
  dispatch,
}: {
  field: TBuilderField;
  position: number;
  isFirst: boolean;
  isLast: boolean;
  problem: string | undefined;
  dispatch: (action: TBuilderAction) => void;
}) {
  const problemId = useId();
  const change = (changes: Partial<Omit<TBuilderField, 'key'>>) =>
    dispatch({ kind: 'change', key: field.key, changes });
  const title = `Field ${position}`;

  return (
    <div
      className="field-row"
      role="group"
      aria-label={title}
      aria-describedby={problem ? problemId : undefined}
    >
      <TextField
        label={`${title} label`}
        value={field.label}
        onChange={(e) => change({ label: e.target.value })}
      />
      <TextField
        label={`${title} name`}
        value={field.name}
        required
        hint="The key of the value in submission data"
        onChange={(e) => change({ name: e.target.value })}
      />
      <SelectField
        label={`${title} type`}
        value={field.type}
        options={TYPE_OPTIONS}
        onChange={(e) => change({ type: e.target.value as TFieldType })}
      />
      <TextField
        label={`${title} placeholder`}
        value={field.placeholder}
        onChange={(e) => change({ placeholder: e.target.value })}
      />
      {takesOptions(field.type) ? (
        <TextArea
          label={`${title} options`}
          hint="One option per line"
          rows={3}
          value={field.optionsText}
          onChange={(e) => change({ optionsText: e.target.value })}
        />
      ) : null}
      {field.type === 'file' ? (
        <>
          <TextField
            label={`${title} accepted types`}
            hint="MIME types or extensions, e.g. image/*, .pdf (empty: any file)"
            value={field.acceptText}
            onChange={(e) => change({ acceptText: e.target.value })}
          />
          <TextField
            label={`${title} size limit (MB)`}
            hint="Per file; empty: your plan's limit"
            inputMode="numeric"
            value={field.maxSizeMb}
            onChange={(e) => change({ maxSizeMb: e.target.value })}
          />
          <TextField
            label={`${title} files`}
            hint="How many files (1 to 10)"
            inputMode="numeric"
            value={field.multiple}
            onChange={(e) => change({ multiple: e.target.value })}
          />
        </>
      ) : null}
      <div className="stack">
        <CheckboxField
          label={`${title} required`}
          checked={field.required}
          onChange={(e) => change({ required: e.target.checked })}
        />
        <div className="row">
          <button
            type="button"
            disabled={isFirst}
            onClick={() => dispatch({ kind: 'move', key: field.key, by: -1 })}
          >
            Move {title.toLowerCase()} up
          </button>
          <button
            type="button"
            disabled={isLast}
            onClick={() => dispatch({ kind: 'move', key: field.key, by: 1 })}
          >
            Move {title.toLowerCase()} down
          </button>
          <button type="button" onClick={() => dispatch({ kind: 'remove', key: field.key })}>
            Remove {title.toLowerCase()}
          </button>
        </div>
      </div>
      {problem ? (
        <p id={problemId} className="alert error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}
