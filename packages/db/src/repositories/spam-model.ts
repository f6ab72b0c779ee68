import { SpamModelModel } from '../models/spam-model.js';
import { isDuplicateKeyError } from './is-duplicate-key-error.js';
import { toObjectId } from './object-id.js';

/** A workspace's model as stored: the mark counts and, per token key, the counts of each kind. */
export type TStoredSpamModel = {
  spamMarks: number;
  hamMarks: number;
  spam: Record<string, number>;
  ham: Record<string, number>;
};

export type TSpamMarkKind = 'spam' | 'ham';

/** Token keys are short base-36 hashes; anything else never becomes a field name. */
const TOKEN_KEY = /^[0-9a-z]{1,8}$/;

function countsOf(value: unknown): Record<string, number> {
  if (value === null || typeof value !== 'object') {
    return {};
  }

  return Object.fromEntries(
    Object.entries(value).filter((entry): entry is [string, number] => typeof entry[1] === 'number'),
  );
}

/** Learned spam models, one per workspace, addressed by the workspace id only. */
export const spamModelRepository = {
  async find({ workspaceId }: { workspaceId: string }): Promise<TStoredSpamModel | null> {
    const owner = toObjectId(workspaceId);
    if (!owner) {
      return null;
    }
    const doc = await SpamModelModel.findOne({ workspaceId: owner }).lean();

    return doc
      ? {
          spamMarks: doc.spamMarks ?? 0,
          hamMarks: doc.hamMarks ?? 0,
          spam: countsOf(doc.spam),
          ham: countsOf(doc.ham),
        }
      : null;
  },

  /**
   * Learns one mark (`learn`) and, when the owner changed an earlier mark, unlearns that one
   * (`unlearn`), in one atomic update: concurrent marks never lose each other's counts.
   */
  async train({
    workspaceId,
    keys,
    learn,
    unlearn,
  }: {
    workspaceId: string;
    keys: readonly string[];
    learn: TSpamMarkKind;
    unlearn?: TSpamMarkKind | null;
  }): Promise<void> {
    const owner = toObjectId(workspaceId);
    if (!owner || learn === unlearn) {
      return;
    }
    const inc: Record<string, number> = { [`${learn}Marks`]: 1 };
    if (unlearn) {
      inc[`${unlearn}Marks`] = -1;
    }
    for (const key of new Set(keys)) {
      if (TOKEN_KEY.test(key)) {
        inc[`${learn}.${key}`] = 1;
        if (unlearn) {
          inc[`${unlearn}.${key}`] = -1;
        }
      }
    }
    const write = () => SpamModelModel.updateOne({ workspaceId: owner }, { $inc: inc }, { upsert: true });
    try {
      await write();
    } catch (error) {
      // Two first marks of a workspace raced to create its document: the loser updates it now.
      if (!isDuplicateKeyError(error)) {
        throw error;
      }
      await write();
    }
  },

  async deleteByWorkspace({ workspaceId }: { workspaceId: string }): Promise<void> {
    const owner = toObjectId(workspaceId);
    if (owner) {
      await SpamModelModel.deleteOne({ workspaceId: owner });
    }
  },
};
