import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Plans a workspace can be on; core's plan limits and every plan schema use this list. */
export const USER_PLANS = ['FREE', 'STANDARD', 'PRO'] as const;

/** Account roles: owners use the product, admins also manage other accounts. */
export const USER_ROLES = ['OWNER', 'ADMIN'] as const;

const userSchema = new Schema(
  {
    // Stored lower-case so the unique index is case-insensitive in effect: one account per address.
    email: { type: String, required: true, lowercase: true, trim: true },
    name: { type: String, default: '' },
    // Null for operator-created users that never log in to the dashboard.
    passwordHash: { type: String, default: null },
    role: { type: String, enum: USER_ROLES, default: 'OWNER', required: true },
    // When the address was proven by a verification link (or the operator created the account);
    // mail meant for the account holder goes only to verified addresses. Null until then.
    emailVerifiedAt: { type: Date, default: null },
    // Plan, quota, billing customer and the capped counters moved to the user's personal workspace
    // (same _id); the workspaces migration unsets them here.
  },
  { timestamps: true, collection: 'users' },
);

userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ createdAt: -1, _id: -1 });

export type TUserDoc = InferSchemaType<typeof userSchema>;

// Guarded: the dev watcher re-imports modules and mongoose refuses to compile a model twice.
const createUserModel = () => model('User', userSchema);

export const UserModel = (models.User as ReturnType<typeof createUserModel> | undefined) ?? createUserModel();
