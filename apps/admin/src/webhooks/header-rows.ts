/** One custom header as typed in the dashboard (a row may be half filled while editing). */
export type THeaderRow = { name: string; value: string };

/**
 * The headers to send: rows with neither name nor value are dropped (an untouched "add header"
 * row), names and values trimmed. A row with only one of them is kept so the server's
 * validation names the problem instead of the row vanishing silently.
 */
export function toHeaderInputs(rows: readonly THeaderRow[]): THeaderRow[] {
  return rows
    .map((row) => ({ name: row.name.trim(), value: row.value.trim() }))
    .filter((row) => row.name !== '' || row.value !== '');
}
