import { actionEmail as message } from './action-email.js';
import type { TEmailMessage } from './mailer.js';

/** A date as the reader's calendar shows it, in UTC (e.g. `Thu, 26 Nov 2026`). */
function day(date: Date): string {
  return date.toUTCString().slice(0, 16);
}

/** Failed payment attempt 1 or 2: the card update link and when the next try happens. */
export function paymentFailedEmail({
  to,
  plan,
  attemptNumber,
  nextRetryAt,
  updateUrl,
}: {
  to: string;
  plan: string;
  attemptNumber: number;
  nextRetryAt: Date | null;
  updateUrl: string;
}): TEmailMessage {
  const retry = nextRetryAt
    ? `We will try again on ${day(nextRetryAt)}.`
    : 'We will try again in a few days.';

  return message(
    to,
    attemptNumber > 1 ? 'Reminder: your Formwell payment failed again' : 'Your Formwell payment failed',
    [
      `We could not charge your card for your ${plan} plan (attempt ${attemptNumber} of 3). ${retry}`,
      'After the third failed attempt your subscription is canceled and your account moves to the FREE plan.',
    ],
    { label: 'Update your payment method', url: updateUrl },
  );
}

/** The subscription ended (third failed payment or canceled): what FREE keeps, and how to come back. */
export function subscriptionCanceledEmail({
  to,
  plan,
  reactivateUrl,
}: {
  to: string;
  plan: string;
  reactivateUrl: string;
}): TEmailMessage {
  return message(
    to,
    'Your Formwell subscription was canceled',
    [
      `Your ${plan} subscription was canceled and your account is now on the FREE plan, with its monthly submission quota.`,
      'Your forms and webhook endpoints are kept and keep working. While you have more than the FREE plan allows, you cannot create new ones; analytics, email settings and custom redirects need a paid plan.',
    ],
    { label: 'Reactivate your subscription', url: reactivateUrl },
  );
}

/** Payments work again: the plan is back. */
export function subscriptionReactivatedEmail({
  to,
  plan,
  billingUrl,
}: {
  to: string;
  plan: string;
  billingUrl: string;
}): TEmailMessage {
  return message(
    to,
    'Your Formwell subscription is active again',
    [`Thank you: your payment went through and your ${plan} plan is active again, with its full limits.`],
    { label: 'See your billing', url: billingUrl },
  );
}

/** After the first checkout. */
export function welcomeEmail({
  to,
  plan,
  billingUrl,
}: {
  to: string;
  plan: string;
  billingUrl: string;
}): TEmailMessage {
  return message(
    to,
    `Welcome to Formwell ${plan}`,
    [`Your ${plan} plan is active. Its higher limits apply to your account from now on.`],
    { label: 'See your billing', url: billingUrl },
  );
}
