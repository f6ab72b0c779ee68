import type { RouterInputs } from '../lib/trpc';

type TAssignableRole = RouterInputs['invitations']['create']['role'];

/**
 * The roles a member can be given or invited to, with what each may do. A Record over the server's
 * union, so a new role needs a line here; the owner role moves only by a transfer.
 */
const ROLE_LABELS: Record<TAssignableRole, string> = {
  admin: 'Admin: members and invitations, and everything a member does',
  member: 'Member: forms, keys, webhooks, integrations, submissions',
  viewer: 'Viewer: reads forms, submissions and analytics; changes nothing',
};

export const ASSIGNABLE_ROLES = (Object.keys(ROLE_LABELS) as TAssignableRole[]).map((value) => ({
  value,
  label: ROLE_LABELS[value],
}));
