import type { TWorkspaceRecord } from '@formwell/db';
import { z } from 'zod';

import { ZPlanSchema } from '../users/z-user-input.js';
import { ZWorkspaceRoleSchema } from './roles.js';

/** A workspace as the CLI and the dashboard list it. */
export const ZWorkspaceViewSchema = z.object({ id: z.string(), name: z.string(), plan: ZPlanSchema });

export type TWorkspaceView = z.infer<typeof ZWorkspaceViewSchema>;

/** With the role of the user it was listed for. */
export const ZMemberWorkspaceViewSchema = ZWorkspaceViewSchema.extend({ role: ZWorkspaceRoleSchema });

export type TMemberWorkspaceView = z.infer<typeof ZMemberWorkspaceViewSchema>;

export function toWorkspaceView(record: TWorkspaceRecord): TWorkspaceView {
  return { id: record.id, name: record.name, plan: record.plan };
}
