import mongoose, { type InferSchemaType } from 'mongoose';

import { USER_PLANS } from './user.js';

// Default import: Node's ESM loader sees no named exports on mongoose's CommonJS entry.
const { model, models, Schema } = mongoose;

/** Our view of a provider subscription's status (the provider's own values map onto these). */
export const SUBSCRIPTION_STATUSES = ['ACTIVE', 'TRIALING', 'PAST_DUE', 'CANCELED'] as const;

/**
 * A paid subscription as the payment provider's events describe it. Ids are the provider's
 * (`sub_…`, `cus_…`), kept as strings.
 */
const subscriptionSchema = new Schema(
  {
    providerId: { type: String, required: true },
    customerId: { type: String, required: true },
    userId: { type: Schema.Types.ObjectId, required: true },
    status: { type: String, enum: SUBSCRIPTION_STATUSES, required: true },
    plan: { type: String, enum: USER_PLANS, required: true },
    currentPeriodEnd: { type: Date, default: null },
    // Creation time of the newest provider event applied; an older event arriving late is ignored.
    lastEventAt: { type: Date, required: true },
  },
  { timestamps: true, collection: 'subscriptions' },
);

subscriptionSchema.index({ providerId: 1 }, { unique: true });
subscriptionSchema.index({ userId: 1 });

export type TSubscriptionDoc = InferSchemaType<typeof subscriptionSchema>;

const createSubscriptionModel = () => model('Subscription', subscriptionSchema);

export const SubscriptionModel =
  (models.Subscription as ReturnType<typeof createSubscriptionModel> | undefined) ??
  createSubscriptionModel();
