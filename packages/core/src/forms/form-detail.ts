import type { TFormEmailSettings, TFormRecord } from '@formwell/db';

import { toFormView, type TFormView } from './form-view.js';

/** The owner's full view (dashboard): the public Form plus every stored setting. */
export type TFormDetail = TFormView & {
  userId: string;
  settings: { usersJoined: { enabled: boolean } | null };
  emailSettingsFull: TFormEmailSettings;
  uniqueEmail: boolean;
  retentionDays: number | null;
};

export function toFormDetail(record: TFormRecord): TFormDetail {
  return {
    ...toFormView(record),
    userId: record.userId,
    settings: record.settings,
    emailSettingsFull: record.emailSettings,
    uniqueEmail: record.uniqueEmail,
    retentionDays: record.retentionDays,
  };
}
