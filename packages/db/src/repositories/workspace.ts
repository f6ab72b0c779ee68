import type mongoose from 'mongoose';

import { WorkspaceModel, type TWorkspaceDoc } from '../models/workspace.js';
import { initCounter, releaseSlot, takeSlot } from './counter-slot.js';
import { findOneByCommand } from './find-one-command.js';
import { toObjectId } from './object-id.js';
import type { TLeanOf, TRecordOf } from './record-of.js';
import { requireObjectId } from './require-object-id.js';

export type TPlanName = TWorkspaceDoc['plan'];

/**
 * A workspace as the repository hands it out: `_id` → `id`, unset paths null (`formCount`,
 * `activeKeyCount`: null until initialised on workspaces older than the counters).
 */
export type TWorkspaceRecord = TRecordOf<TWorkspaceDoc> & { id: string };

type TLeanWorkspace = TLeanOf<
  TWorkspaceDoc,
  'name' | 'ownerId' | 'plan' | 'quotaLimit' | 'createdAt' | 'updatedAt'
>;

function toRecord(doc: TLeanWorkspace): TWorkspaceRecord {
  return {
    id: doc._id.toString(),
    name: doc.name,
    ownerId: doc.ownerId.toString(),
    plan: doc.plan,
    quotaLimit: doc.quotaLimit,
    stripeCustomerId: doc.stripeCustomerId ?? null,
    formCount: doc.formCount ?? null,
    activeKeyCount: doc.activeKeyCount ?? null,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
  };
}

/** Capped counters kept on the workspace document (see counter-slot.ts). */
export type TWorkspaceCounter = 'formCount' | 'activeKeyCount';

export type TCreateWorkspaceRecord = Pick<TWorkspaceRecord, 'name' | 'ownerId' | 'plan' | 'quotaLimit'> & {
  /** A personal workspace takes its owner's id; others get a fresh one. */
  id?: string;
};

async function setFields(
  workspaceId: string,
  set: Partial<Pick<TWorkspaceRecord, 'plan' | 'quotaLimit' | 'stripeCustomerId' | 'name'>>,
): Promise<TWorkspaceRecord | null> {
  const _id = toObjectId(workspaceId);
  if (!_id) {
    return null;
  }
  const doc = await WorkspaceModel.findByIdAndUpdate(
    _id,
    { $set: set },
    { returnDocument: 'after' },
  ).lean<TLeanWorkspace>();

  return doc ? toRecord(doc) : null;
}

function idFilter(workspaceId: string): { _id: mongoose.Types.ObjectId } | null {
  const _id = toObjectId(workspaceId);

  return _id ? { _id } : null;
}

/** Workspaces: every query is by id (or the billing customer id). */
export const workspaceRepository = {
  async create(input: TCreateWorkspaceRecord): Promise<TWorkspaceRecord> {
    const doc = await WorkspaceModel.create({
      ...(input.id === undefined ? {} : { _id: requireObjectId(input.id) }),
      name: input.name,
      ownerId: requireObjectId(input.ownerId),
      plan: input.plan,
      quotaLimit: input.quotaLimit,
      formCount: 0,
      activeKeyCount: 0,
    });

    return toRecord(doc.toObject());
  },

  async findById({ workspaceId }: { workspaceId: string }): Promise<TWorkspaceRecord | null> {
    const filter = idFilter(workspaceId);
    if (!filter) {
      return null;
    }
    // Straight to the driver as one command: a key's workspace is read on every keyed request.
    const doc = await findOneByCommand<TLeanWorkspace>(WorkspaceModel, filter);

    return doc ? toRecord(doc) : null;
  },

  async findByIds({ workspaceIds }: { workspaceIds: string[] }): Promise<TWorkspaceRecord[]> {
    const ids = workspaceIds.map(toObjectId).filter((id) => id !== null);
    const docs = await WorkspaceModel.find({ _id: { $in: ids } }).lean<TLeanWorkspace[]>();

    return docs.map(toRecord);
  },

  /** Every workspace, oldest first (the operator's `workspace list`). */
  async listAll(): Promise<TWorkspaceRecord[]> {
    const docs = await WorkspaceModel.find({}).sort({ createdAt: 1, _id: 1 }).lean<TLeanWorkspace[]>();

    return docs.map(toRecord);
  },

  /** The workspace whose billing customer this is; null when none (or a non-string id). */
  /** How many workspaces this account owns, its personal one included. */
  async countOwned({ ownerId }: { ownerId: string }): Promise<number> {
    return WorkspaceModel.countDocuments({ ownerId: requireObjectId(ownerId) });
  },

  async findIdByCustomerId({ customerId }: { customerId: string }): Promise<string | null> {
    if (typeof customerId !== 'string' || customerId === '') {
      return null;
    }
    const doc = await WorkspaceModel.findOne({ stripeCustomerId: customerId }, { _id: 1 }).lean();

    return doc ? doc._id.toString() : null;
  },

  setPlan({
    workspaceId,
    plan,
    quotaLimit,
  }: {
    workspaceId: string;
    plan: TPlanName;
    quotaLimit: number;
  }): Promise<TWorkspaceRecord | null> {
    return setFields(workspaceId, { plan, quotaLimit });
  },

  setStripeCustomerId({
    workspaceId,
    stripeCustomerId,
  }: {
    workspaceId: string;
    stripeCustomerId: string;
  }): Promise<TWorkspaceRecord | null> {
    return setFields(workspaceId, { stripeCustomerId });
  },

  /** Hands the workspace to another owner (the caller updates both memberships). */
  async setOwner({ workspaceId, ownerId }: { workspaceId: string; ownerId: string }): Promise<void> {
    const filter = idFilter(workspaceId);
    if (filter) {
      await WorkspaceModel.updateOne(filter, { $set: { ownerId: requireObjectId(ownerId) } });
    }
  },

  /** Sets a counter of a workspace that has none yet (a no-op once set). */
  async initCounter({
    workspaceId,
    counter,
    value,
  }: {
    workspaceId: string;
    counter: TWorkspaceCounter;
    value: number;
  }): Promise<void> {
    const filter = idFilter(workspaceId);
    if (filter) {
      await initCounter(WorkspaceModel.collection, filter, counter, value);
    }
  },

  /**
   * Takes one slot of a capped counter if fewer than `max` are used: one conditional `$inc`, so
   * concurrent creates can never exceed the plan's form limit or the API key cap.
   */
  async reserveSlot({
    workspaceId,
    counter,
    max,
  }: {
    workspaceId: string;
    counter: TWorkspaceCounter;
    max: number;
  }): Promise<boolean> {
    const filter = idFilter(workspaceId);

    return filter ? takeSlot(WorkspaceModel.collection, filter, counter, max) : false;
  },

  /** Gives a slot back (form deleted, key revoked, or the insert that took it failed). */
  async releaseSlot({
    workspaceId,
    counter,
  }: {
    workspaceId: string;
    counter: TWorkspaceCounter;
  }): Promise<void> {
    const filter = idFilter(workspaceId);
    if (filter) {
      await releaseSlot(WorkspaceModel.collection, filter, counter);
    }
  },

  async delete({ workspaceId }: { workspaceId: string }): Promise<void> {
    const filter = idFilter(workspaceId);
    if (filter) {
      await WorkspaceModel.deleteOne(filter);
    }
  },
};
