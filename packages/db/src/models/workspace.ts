import mongoose, { type InferSchemaType } from 'mongoose';

import { USER_PLANS } from './user.js';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/**
 * The tenant: forms, keys, webhooks, submissions, usage, plan and billing belong to a workspace.
 * A user's personal workspace has the user's own `_id`, so every tenant id stored before workspaces
 * existed (the `userId` fields of forms, keys, submissions, usage...) already names it.
 */
const workspaceSchema = new Schema(
  {
    name: { type: String, required: true, trim: true },
    // The one owner (also recorded as an `owner` membership); billing mail goes to this user.
    ownerId: { type: Schema.Types.ObjectId, required: true },
    plan: { type: String, enum: USER_PLANS, default: 'FREE', required: true },
    quotaLimit: { type: Number, required: true },
    stripeCustomerId: { type: String, default: null },
    // Capped counters (see counter-slot.ts): forms, and active API keys. Absent on workspaces
    // migrated from accounts older than the counters; core initialises them from a count.
    formCount: { type: Number },
    activeKeyCount: { type: Number },
  },
  { timestamps: true, collection: 'workspaces' },
);

// Payment events name the provider's customer; they find its workspace through this.
workspaceSchema.index({ stripeCustomerId: 1 });
workspaceSchema.index({ ownerId: 1 });

export type TWorkspaceDoc = InferSchemaType<typeof workspaceSchema>;

// Guarded: the dev watcher re-imports modules and mongoose refuses to compile a model twice.
const createWorkspaceModel = () => model('Workspace', workspaceSchema);

export const WorkspaceModel =
  (models.Workspace as ReturnType<typeof createWorkspaceModel> | undefined) ?? createWorkspaceModel();
