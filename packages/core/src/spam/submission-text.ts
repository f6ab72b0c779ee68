/**
 * The text of a submission the spam rules and the model read, bounded whatever the values: each
 * string is cut to MAX_VALUE_CHARS and the whole to MAX_TEXT_CHARS, so scoring costs the same on a
 * 10,000-character value as on a short one. Nested values (arrays of options, file objects) give
 * their strings too, to a fixed depth; numbers and booleans say nothing about spam and are skipped.
 */
const MAX_VALUE_CHARS = 4_000;
export const MAX_TEXT_CHARS = 16_000;
const MAX_DEPTH = 3;

export function submissionValues(data: Record<string, unknown>): string[] {
  const values: string[] = [];
  let budget = MAX_TEXT_CHARS;
  const visit = (value: unknown, depth: number): void => {
    if (budget <= 0) {
      return;
    }
    if (typeof value === 'string') {
      const cut = value.slice(0, Math.min(MAX_VALUE_CHARS, budget));
      if (cut.trim().length > 0) {
        // NFKC folds full-width and stylised letters (ｃａｓｉｎｏ, 𝐜𝐚𝐬𝐢𝐧𝐨) into plain ones.
        values.push(cut.normalize('NFKC'));
        budget -= cut.length;
      }

      return;
    }
    if (depth >= MAX_DEPTH || value === null || typeof value !== 'object') {
      return;
    }
    for (const inner of Array.isArray(value) ? value : Object.values(value)) {
      visit(inner, depth + 1);
    }
  };
  for (const value of Object.values(data)) {
    visit(value, 0);
  }

  return values;
}
