import { z } from 'zod';

import { ZPlanLimitsSchema, type TPlanLimits } from '../config/plans.js';
import { FORM_TYPE_DISPLAY, FORM_TYPES, ZFormTypeSchema } from '../forms/form-types.js';
import { ZUserViewSchema, type TUserView } from './user-view.js';

/**
 * The signed-in user as the dashboard needs it: the account, what its plan allows (this server's
 * limits, overrides included) and the form types with their labels, so that the dashboard holds no
 * copy of either.
 */
export const ZMeViewSchema = ZUserViewSchema.extend({
  planLimits: ZPlanLimitsSchema,
  formTypes: z.array(z.object({ value: ZFormTypeSchema, label: z.string() })),
});

export type TMeView = z.infer<typeof ZMeViewSchema>;

export function toMeView(user: TUserView, planLimits: TPlanLimits): TMeView {
  return {
    ...user,
    planLimits,
    formTypes: FORM_TYPES.map((value) => ({ value, label: FORM_TYPE_DISPLAY[value] })),
  };
}
