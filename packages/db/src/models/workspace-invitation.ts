import mongoose, { type InferSchemaType } from 'mongoose';

import { WORKSPACE_ROLES } from './workspace-member.js';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

const workspaceInvitationSchema = new Schema(
  {
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    // Stored lower-case; only a user signed in with this address can accept.
    email: { type: String, required: true, lowercase: true, trim: true },
    role: { type: String, enum: WORKSPACE_ROLES, required: true },
    // SHA-256 hex of the emailed token; the token itself is never stored.
    tokenHash: { type: String, required: true },
    invitedBy: { type: Schema.Types.ObjectId, required: true },
    expiresAt: { type: Date, required: true },
    // Set once, by the accept or the revoke that uses it up: an invitation is single-use.
    acceptedAt: { type: Date, default: null },
    revokedAt: { type: Date, default: null },
  },
  { timestamps: true, collection: 'workspace_invitations' },
);

workspaceInvitationSchema.index({ tokenHash: 1 }, { unique: true });
workspaceInvitationSchema.index({ workspaceId: 1, createdAt: -1 });

export type TWorkspaceInvitationDoc = InferSchemaType<typeof workspaceInvitationSchema>;

const createWorkspaceInvitationModel = () => model('WorkspaceInvitation', workspaceInvitationSchema);

export const WorkspaceInvitationModel =
  (models.WorkspaceInvitation as ReturnType<typeof createWorkspaceInvitationModel> | undefined) ??
  createWorkspaceInvitationModel();
