import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Plans a user can be on; core's plan limits and every plan schema use this list. */
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
    plan: { type: String, enum: USER_PLANS, default: 'FREE', required: true },
    quotaLimit: { type: Number, required: true },
    stripeCustomerId: { type: String, default: null },
    // Forms owned, kept here so the plan's form limit is one conditional update (no transactions).
    // Absent on accounts older than the counter; core initialises it from a count on first use.
    formCount: { type: Number },
    // Active (unrevoked) API keys, for the same reason: the 20-key cap is one conditional update.
    // Absent on older accounts; core initialises it from a count on first use.
    activeKeyCount: { type: Number },
  },
  { timestamps: true, collection: 'users' },
);

userSchema.index({ email: 1 }, { unique: true });
userSchema.index({ createdAt: -1, _id: -1 });
// Payment events name the provider's customer; they find its user through this.
userSchema.index({ stripeCustomerId: 1 });

export type TUserDoc = InferSchemaType<typeof userSchema>;

// Guarded: the dev watcher re-imports modules and mongoose refuses to compile a model twice.
const createUserModel = () => model('User', userSchema);

export const UserModel = (models.User as ReturnType<typeof createUserModel> | undefined) ?? createUserModel();
