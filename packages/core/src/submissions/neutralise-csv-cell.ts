/**
 * Characters that make a spreadsheet read a cell as a formula: = + - @, tab, CR and NUL, and the
 * full-width = + - @ that some spreadsheet apps fold to their ASCII forms.
 */
const FORMULA_START = '=+\\-@\\t\\r\\0\\uFF1D\\uFF0B\\uFF0D\\uFF20';

/**
 * Where a spreadsheet may start a new cell inside our one cell: the start, and after any separator a
 * reader might split on (comma, semicolon, tab, pipe, line breaks) or a quote that a lax parser
 * treats as the end of a quoted field. Quoting every cell is not enough on its own: a reader set to
 * split on `;` opens `"hi;=1+1"` as the cells `"hi` and `=1+1"`.
 */
const FORMULA_AFTER_SEPARATOR = new RegExp(`(?<=^|[,;\\t|\\r\\n"'])(?=[${FORMULA_START}])`, 'g');

/**
 * Formula-injection guard for spreadsheet apps (OWASP "CSV Injection"): every place where a cell
 * could begin with a formula character gets a `'` in front of that character, so the text is shown
 * as text and never evaluated.
 */
export function neutraliseCsvCell(value: string): string {
  return value.replace(FORMULA_AFTER_SEPARATOR, "'");
}
