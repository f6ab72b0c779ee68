import { TextField } from '../components/ui';
import type { THeaderRow } from './header-rows';

/**
 * Custom headers sent with every delivery (e.g. an Authorization the receiver expects): a row of
 * name and value per header, each removable, and a button for one more.
 */
export function HeadersEditor({
  rows,
  onChange,
  idPrefix,
}: {
  rows: THeaderRow[];
  onChange: (rows: THeaderRow[]) => void;
  /** Names the rows in labels, so two editors on one page stay distinguishable. */
  idPrefix: string;
}) {
  const setRow = (index: number, row: THeaderRow) =>
    onChange(rows.map((current, at) => (at === index ? row : current)));

  return (
    <fieldset className="stack">
      <legend>{idPrefix}: custom headers</legend>
      {rows.length === 0 ? <p className="hint">No custom headers.</p> : null}
      {rows.map((row, index) => (
        <div className="row" key={index}>
          <TextField
            label={`Header ${index + 1} name`}
            placeholder="Authorization"
            value={row.name}
            onChange={(e) => setRow(index, { ...row, name: e.target.value })}
          />
          <TextField
            label={`Header ${index + 1} value`}
            value={row.value}
            onChange={(e) => setRow(index, { ...row, value: e.target.value })}
          />
          <button type="button" onClick={() => onChange(rows.filter((_, at) => at !== index))}>
            Remove header {index + 1}
          </button>
        </div>
      ))}
      <div>
        <button type="button" onClick={() => onChange([...rows, { name: '', value: '' }])}>
          Add header
        </button>
      </div>
    </fieldset>
  );
}
