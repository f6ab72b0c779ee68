import { UserModel } from '../models/user.js';

/** The link between a user and the payment provider's customer (`cus_…`) kept on the user. */
export const billingCustomerRepository = {
  /** The user whose customer id this is; null when none (or a non-string id). */
  async findUserId({ customerId }: { customerId: string }): Promise<string | null> {
    if (typeof customerId !== 'string' || customerId === '') {
      return null;
    }
    const doc = await UserModel.findOne({ stripeCustomerId: customerId }, { _id: 1 }).lean();

    return doc ? doc._id.toString() : null;
  },
};
