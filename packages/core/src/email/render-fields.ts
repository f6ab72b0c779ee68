import escapeHtml from 'escape-html';

/** An uploaded file with its signed link (see withFileLinks): its name, size and where to get it. */
function linkedFileText(value: unknown): string | null {
  if (typeof value !== 'object' || value === null || !('url' in value) || !('name' in value)) {
    return null;
  }
  const { name, size, url } = value as { name: unknown; size: unknown; url: unknown };

  return `${String(name)} (${String(size)} bytes) ${String(url)}`;
}

/** A submitted value as one line of text (files as name, size and link; other objects and arrays as JSON). */
export function asText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  const files = (Array.isArray(value) ? value : [value]).map(linkedFileText);
  if (files.length > 0 && files.every((file) => file !== null)) {
    return files.join(', ');
  }

  return JSON.stringify(value) ?? '';
}

/**
 * The submitted fields as plain text lines and as an HTML table, each under its label when the form
 * has one (names are for code, labels for people); every value is escaped in HTML.
 */
export function renderFields(
  fields: Record<string, unknown>,
  labels: Record<string, string> = {},
): { text: string; html: string } {
  const entries = Object.entries(fields).map(([name, value]) => [labels[name] || name, value] as const);
  const text = entries.map(([name, value]) => `${name}: ${asText(value)}`).join('\n');
  const rows = entries
    .map(
      ([name, value]) =>
        `<tr><th align="left" style="padding:4px 12px 4px 0">${escapeHtml(name)}</th>` +
        `<td style="padding:4px 0;white-space:pre-wrap">${escapeHtml(asText(value))}</td></tr>`,
    )
    .join('');

  return { text, html: `<table cellspacing="0" cellpadding="0">${rows}</table>` };
}

/** A header value made of user data: one line (no control character or line separator), bounded. */
export function oneLine(value: string, max = 150): string {
  return value
    .replace(/[\u0000-\u001f\u007f\u0085\u2028\u2029]+/g, ' ')
    .trim()
    .slice(0, max);
}
