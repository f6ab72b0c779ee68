/** The quota period of a moment: its UTC calendar month, `YYYY-MM`. */
export function usageMonth(at: Date): string {
  return at.toISOString().slice(0, 7);
}
