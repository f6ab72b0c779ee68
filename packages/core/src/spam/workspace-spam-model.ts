import { spamModelRepository, type TSpamMarkKind, type TStoredSpamModel } from '@formwell/db';

import type { TSpamModel } from './spam-model.js';
import { trainingKeys } from './score-submission.js';

/**
 * How long a process scores with its copy of a workspace's model before reading it again. A mark
 * made through this process drops the copy at once; one made through another replica reaches this
 * one within this time, which only delays what the model learned, never what is stored.
 */
const COPY_TTL_MS = 30_000;
/** Copies kept per process; the oldest goes first (a Map keeps insertion order). */
const MAX_COPIES = 1_000;

const copies = new Map<string, { model: TSpamModel | null; readAt: number }>();

function toModel(stored: TStoredSpamModel | null): TSpamModel | null {
  if (stored === null) {
    return null;
  }
  const tokens = new Map<string, [number, number]>();
  for (const [key, count] of Object.entries(stored.spam)) {
    tokens.set(key, [count, 0]);
  }
  for (const [key, count] of Object.entries(stored.ham)) {
    const counts = tokens.get(key);
    if (counts) {
      counts[1] = count;
    } else {
      tokens.set(key, [0, count]);
    }
  }

  return { spamMarks: stored.spamMarks, hamMarks: stored.hamMarks, tokens };
}

/**
 * The model learned from the marks of the workspace the actor acts in (today the owner user's id).
 * Never another workspace's: the id comes from the authenticated actor, not from the request.
 */
export async function loadWorkspaceSpamModel({
  workspaceId,
  now = Date.now(),
}: {
  workspaceId: string;
  now?: number;
}): Promise<TSpamModel | null> {
  const copy = copies.get(workspaceId);
  if (copy && now - copy.readAt < COPY_TTL_MS) {
    return copy.model;
  }
  const model = toModel(await spamModelRepository.find({ workspaceId }));
  copies.delete(workspaceId);
  copies.set(workspaceId, { model, readAt: now });
  if (copies.size > MAX_COPIES) {
    const oldest = copies.keys().next().value;
    if (oldest !== undefined) {
      copies.delete(oldest);
    }
  }

  return model;
}

/**
 * Teaches the workspace's model one owner mark of a submission's data, unlearning the owner's
 * previous mark of the same submission if it said the opposite.
 */
export async function learnSpamMark({
  workspaceId,
  data,
  learn,
  unlearn,
}: {
  workspaceId: string;
  data: Record<string, unknown>;
  learn: TSpamMarkKind;
  unlearn: TSpamMarkKind | null;
}): Promise<void> {
  await spamModelRepository.train({ workspaceId, keys: trainingKeys(data), learn, unlearn });
  copies.delete(workspaceId);
}
