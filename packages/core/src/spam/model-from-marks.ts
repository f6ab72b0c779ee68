import { trainingKeys } from './score-submission.js';
import type { TSpamModel } from './spam-model.js';

/**
 * A model learned in memory from marked submissions, as the stored one accumulates them mark by
 * mark: for the evaluation script and tests, which need a model without a database.
 */
export function modelFromMarks(
  marks: readonly { data: Record<string, unknown>; spam: boolean }[],
): TSpamModel {
  const tokens = new Map<string, [number, number]>();
  for (const mark of marks) {
    for (const key of trainingKeys(mark.data)) {
      const counts = tokens.get(key) ?? [0, 0];
      counts[mark.spam ? 0 : 1] += 1;
      tokens.set(key, counts);
    }
  }
  const spamMarks = marks.filter((mark) => mark.spam).length;

  return { spamMarks, hamMarks: marks.length - spamMarks, tokens };
}
