import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Roles in a workspace, strongest first; each may do everything the next one may. */
export const WORKSPACE_ROLES = ['owner', 'admin', 'member', 'viewer'] as const;

const workspaceMemberSchema = new Schema(
  {
    workspaceId: { type: Schema.Types.ObjectId, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    role: { type: String, enum: WORKSPACE_ROLES, required: true },
  },
  { timestamps: true, collection: 'workspace_members' },
);

workspaceMemberSchema.index({ workspaceId: 1, userId: 1 }, { unique: true });
workspaceMemberSchema.index({ userId: 1, createdAt: 1 });

export type TWorkspaceMemberDoc = InferSchemaType<typeof workspaceMemberSchema>;

const createWorkspaceMemberModel = () => model('WorkspaceMember', workspaceMemberSchema);

export const WorkspaceMemberModel =
  (models.WorkspaceMember as ReturnType<typeof createWorkspaceMemberModel> | undefined) ??
  createWorkspaceMemberModel();
