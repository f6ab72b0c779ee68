import { UserModel } from '../models/user.js';
import { toObjectId } from './object-id.js';

/**
 * The welcome email owed to new accounts (the flag set when the account is created): what the
 * worker's sweep looks for and marks. System operations: the worker acts for every account.
 */
export const accountOutboxRepository = {
  /** Accounts created before `createdBefore` whose welcome email is still due, oldest first. */
  async findPendingWelcome({
    createdBefore,
    limit,
  }: {
    createdBefore: Date;
    limit: number;
  }): Promise<string[]> {
    const docs = await UserModel.find(
      { welcomeEmailPending: true, createdAt: { $lt: createdBefore } },
      { _id: 1 },
    )
      .sort({ createdAt: 1 })
      .limit(limit)
      .lean<{ _id: { toString(): string } }[]>();

    return docs.map((doc) => doc._id.toString());
  },

  /** The welcome email is done (sent, or given up for good): the flag goes. */
  async markWelcomeDone({ userId }: { userId: string }): Promise<void> {
    const _id = toObjectId(userId);
    if (_id) {
      await UserModel.updateOne({ _id, welcomeEmailPending: true }, { $unset: { welcomeEmailPending: 1 } });
    }
  },
};
