import mongoose, { type InferSchemaType } from 'mongoose';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

const dashboardSessionSchema = new Schema(
  {
    // SHA-256 hex of the cookie token; the token itself is never stored.
    tokenHash: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    // The workspace the dashboard works in (the switcher); null: the user's personal workspace.
    workspaceId: { type: Schema.Types.ObjectId, default: null },
    expiresAt: { type: Date, required: true },
    // The browser as it named itself at log-in (cut short), so the owner recognises their sessions.
    userAgent: { type: String, default: null },
  },
  { timestamps: { createdAt: true, updatedAt: false }, collection: 'dashboard_sessions' },
);

dashboardSessionSchema.index({ tokenHash: 1 }, { unique: true });
dashboardSessionSchema.index({ userId: 1 });
// The engine drops expired sessions; reads still check expiresAt because TTL deletion lags.
dashboardSessionSchema.index({ expiresAt: 1 }, { expireAfterSeconds: 0 });

export type TDashboardSessionDoc = InferSchemaType<typeof dashboardSessionSchema>;

const createDashboardSessionModel = () => model('DashboardSession', dashboardSessionSchema);

export const DashboardSessionModel =
  (models.DashboardSession as ReturnType<typeof createDashboardSessionModel> | undefined) ??
  createDashboardSessionModel();
