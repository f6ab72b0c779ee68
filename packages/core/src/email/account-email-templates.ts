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
