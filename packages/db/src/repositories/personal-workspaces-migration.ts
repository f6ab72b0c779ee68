import { UserModel } from '../models/user.js';
import { WorkspaceMemberModel } from '../models/workspace-member.js';
import { WorkspaceModel } from '../models/workspace.js';

/** What an account document held before workspaces existed (read raw: the model no longer has it). */
type TLegacyUser = {
  _id: unknown;
  email: string;
  plan?: string;
  quotaLimit?: number;
  stripeCustomerId?: string | null;
  formCount?: number;
  activeKeyCount?: number;
  emailVerifiedAt?: Date | null;
  createdAt?: Date;
};

const MOVED_FIELDS = ['plan', 'quotaLimit', 'stripeCustomerId', 'formCount', 'activeKeyCount'] as const;

/**
 * Gives every account its personal workspace, with the account's own `_id`, so the tenant ids
 * already stored (forms, keys, submissions, usage, billing records) name it unchanged. The plan,
 * quota, billing customer and capped counters move from the account to the workspace, and the
 * account becomes its owner. Idempotent: a workspace or membership that exists is left as it is,
 * and the account's copies are removed only once the workspace holds them, so a run cut short is
 * simply run again.
 *
 * Accounts from before addresses were verified count as verified: their mail kept going to them
 * before, and asking every existing user to click a link would silently stop their notifications.
 */
export async function migratePersonalWorkspaces({
  name,
  defaultQuota,
}: {
  /** The personal workspace's name for an address. */
  name: (email: string) => string;
  /** The FREE quota, for an account without one (never written by earlier releases, but safe). */
  defaultQuota: number;
}): Promise<{ workspaces: number; members: number }> {
  let workspaces = 0;
  let members = 0;
  for await (const user of UserModel.collection.find<TLegacyUser>({})) {
    const now = new Date();
    const counters = Object.fromEntries(
      (['formCount', 'activeKeyCount'] as const)
        .filter((field) => typeof user[field] === 'number')
        .map((field) => [field, user[field]]),
    );
    const created = await WorkspaceModel.collection.updateOne(
      { _id: user._id as never },
      {
        $setOnInsert: {
          name: name(user.email),
          ownerId: user._id,
          plan: user.plan ?? 'FREE',
          quotaLimit: user.quotaLimit ?? defaultQuota,
          stripeCustomerId: user.stripeCustomerId ?? null,
          ...counters,
          createdAt: user.createdAt ?? now,
          updatedAt: now,
        },
      },
      { upsert: true },
    );
    workspaces += created.upsertedCount;
    const joined = await WorkspaceMemberModel.collection.updateOne(
      { workspaceId: user._id, userId: user._id },
      { $setOnInsert: { role: 'owner', createdAt: user.createdAt ?? now, updatedAt: now } },
      { upsert: true },
    );
    members += joined.upsertedCount;
    const unset = Object.fromEntries(
      MOVED_FIELDS.filter((field) => field in user).map((field) => [field, '']),
    );
    const verified = user.emailVerifiedAt === undefined ? { emailVerifiedAt: user.createdAt ?? now } : {};
    if (Object.keys(unset).length > 0 || Object.keys(verified).length > 0) {
      await UserModel.collection.updateOne(
        { _id: user._id as never },
        {
          ...(Object.keys(unset).length > 0 ? { $unset: unset } : {}),
          ...(Object.keys(verified).length > 0 ? { $set: verified } : {}),
        },
      );
    }
  }

  return { workspaces, members };
}
