import { actionEmail } from './action-email.js';
import type { TEmailMessage } from './mailer.js';

/** An invitation to join a workspace with a role; the link is single-use and expires. */
export function invitationEmail({
  to,
  workspaceName,
  role,
  invitedBy,
  url,
}: {
  to: string;
  workspaceName: string;
  role: string;
  invitedBy: string;
  url: string;
}): TEmailMessage {
  return actionEmail(
    to,
    `You are invited to ${workspaceName} on Formwell`,
    [
      `${invitedBy} invited you to join the workspace "${workspaceName}" as ${role}.`,
      'Sign in or sign up with this email address, then open the link. It works once and expires in 7 days.',
    ],
    { label: 'Join the workspace', url },
  );
}

/** The link that proves an address belongs to the account holder. */
export function verifyEmailEmail({ to, url }: { to: string; url: string }): TEmailMessage {
  return actionEmail(
    to,
    'Confirm your email address for Formwell',
    [
      'Open the link to confirm this address. Until then, notifications and billing mail for your account are held back.',
      'The link works once and expires in 24 hours. If you did not sign up, ignore this email.',
    ],
    { label: 'Confirm my address', url },
  );
}

/**
 * Sent instead of a second account when someone signs up with an address that has one: the
 * sign-up answers alike either way, and only the holder of the address learns it was taken.
 */
export function alreadyRegisteredEmail({
  to,
  logInUrl,
  resetUrl,
}: {
  to: string;
  logInUrl: string;
  resetUrl: string;
}): TEmailMessage {
  return actionEmail(
    to,
    'You already have a Formwell account',
    [
      'Someone (hopefully you) tried to sign up to Formwell with this address, which already has an account. No second account was made.',
      `Log in at ${logInUrl}, or choose a new password with the link below if you forgot yours. If it was not you, ignore this email.`,
    ],
    { label: 'Reset my password', url: resetUrl },
  );
}

/** A password reset link; it ends every session of the account when used. */
export function passwordResetEmail({ to, url }: { to: string; url: string }): TEmailMessage {
  return actionEmail(
    to,
    'Reset your Formwell password',
    [
      'Someone (hopefully you) asked to reset the password of the Formwell account of this address.',
      'The link works once and expires in 30 minutes; using it signs the account out everywhere. If you did not ask, ignore this email: your password stays as it is.',
    ],
    { label: 'Choose a new password', url },
  );
}
