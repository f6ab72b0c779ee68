import { neutraliseCsvCell } from './neutralise-csv-cell.js';

/** A stored value as one CSV cell: lists joined with `; `, objects as JSON, null as empty. */
export function csvCell(value: unknown): string {
  if (value === undefined || value === null) {
    return '';
  }
  if (typeof value === 'string') {
    return neutraliseCsvCell(value);
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  if (Array.isArray(value) && value.every((item) => item === null || typeof item !== 'object')) {
    return neutraliseCsvCell(value.map((item) => String(item ?? '')).join('; '));
  }

  // JSON.stringify answers undefined for what JSON cannot hold (a function): an empty cell.
  return neutraliseCsvCell(JSON.stringify(value) ?? '');
}
