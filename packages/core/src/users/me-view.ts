import { z } from 'zod';

import { PLANS, ZPlanLimitsSchema, type TPlan, type TPlanLimits } from '../config/plans.js';
import { FORM_TYPE_DISPLAY, FORM_TYPES, ZFormTypeSchema } from '../forms/form-types.js';
import { ZUserViewSchema, type TUserView } from './user-view.js';

/**
 * The signed-in user as the dashboard needs it: the account, what each plan allows (this server's
 * limits, overrides included) and the form types with their labels, so that the dashboard holds no
 * copy of either. Which plan applies is the current workspace's (`workspace.get`), not the
 * account's: a member of a paid team works under the team's plan, whatever their personal one is.
 */
export const ZMeViewSchema = ZUserViewSchema.extend({
  plans: z.record(z.enum(PLANS), ZPlanLimitsSchema),
  formTypes: z.array(z.object({ value: ZFormTypeSchema, label: z.string() })),
});

export type TMeView = z.infer<typeof ZMeViewSchema>;

export function toMeView(user: TUserView, plans: Record<TPlan, TPlanLimits>): TMeView {
  return {
    ...user,
    plans,
    formTypes: FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_DISPLAY[value] })),
  };
}
