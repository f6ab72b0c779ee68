const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Formula-injection guard for spreadsheet apps (OWASP "CSV Injection"): a cell starting with
 * = + - @ tab or CR gets a leading `'` so it is shown as text, never evaluated.
 */
export function neutraliseCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
