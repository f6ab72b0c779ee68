import type { TWorkspaceRecord } from '@formwell/db';

import type { TPlan } from '../config/plans.js';
import { AppErrorCode } from '../errors/app-error-code.js';
import { AppError } from '../errors/app-error.js';
import { ErrorMessages } from '../errors/error-messages.js';
import { PAID_PLANS, type TPaidPlan } from './billing-account-config.js';

/**
 * The plan a checkout may start for this user, or why not. A user on a paid plan who has a Stripe
 * customer pays through a subscription: a new Checkout session would start a second one and bill
 * twice, so plan changes go through the billing portal. A paid plan set by an operator (no
 * customer) can still be bought.
 */
export function checkoutPlanOrRefusal(user: TWorkspaceRecord, plan: TPlan): TPaidPlan | AppError {
  const paidPlan = PAID_PLANS.find((candidate) => candidate === plan);
  if (paidPlan === undefined) {
    return new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.CHECKOUT_PAID_PLANS_ONLY });
  }
  if (paidPlan === user.plan) {
    return new AppError(AppErrorCode.BAD_REQUEST, { message: ErrorMessages.alreadyOnPlan(paidPlan) });
  }
  if (user.plan !== 'FREE' && user.stripeCustomerId !== null) {
    return new AppError(AppErrorCode.CONFLICT, { message: ErrorMessages.CHANGE_PLAN_IN_PORTAL });
  }

  return paidPlan;
}

/** The paid plans checkout would accept for this user now (the dashboard's upgrade buttons). */
export function checkoutPlans(user: TWorkspaceRecord): TPaidPlan[] {
  return PAID_PLANS.filter((plan) => !AppError.is(checkoutPlanOrRefusal(user, plan)));
}
