import { CheckboxField, TextField } from '../components/ui';
import type { TFormRead } from '../lib/form-read';
import type { TWorkspacePlanLimits } from '../workspace/use-workspace-plan';

export type TEmailSettings = {
  enabled: boolean;
  /** Null on a new form until the owner chooses: the server's default (on where the plan has it). */
  developerNotificationsEnabled: boolean | null;
  developerEmail: string;
  subject: string;
  replyTo: string;
};

export function emailSettingsOf(form: TFormRead | undefined): TEmailSettings {
  const stored = form?.emailSettingsFull;

  return {
    enabled: stored?.enabled ?? false,
    developerNotificationsEnabled: stored?.developerNotificationsEnabled ?? null,
    developerEmail: stored?.developerEmail ?? '',
    subject: stored?.subject ?? '',
    replyTo: stored?.replyTo ?? '',
  };
}

/** As the procedures take them: blank text is "not set" (null). */
export function toEmailSettingsInput(settings: TEmailSettings) {
  const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

  return {
    enabled: settings.enabled,
    ...(settings.developerNotificationsEnabled === null
      ? {}
      : { developerNotificationsEnabled: settings.developerNotificationsEnabled }),
    developerEmail: orNull(settings.developerEmail),
    subject: orNull(settings.subject),
    replyTo: orNull(settings.replyTo),
  };
}

/**
 * A form's emails. Turning one on is a paid feature (confirmations: Standard or Pro; notifications
 * to you: Pro), so its switch is off-limits on a lower plan, except to turn it off; the server
 * checks the plan again.
 */
export function EmailSettingsFields({
  limits,
  settings,
  onChange,
}: {
  /** What the current workspace's plan allows (useWorkspacePlan); unknown while loading. */
  limits: TWorkspacePlanLimits | undefined;
  settings: TEmailSettings;
  onChange: (settings: TEmailSettings) => void;
}) {
  const confirmationsAllowed = limits?.emailSettings === true;
  const notificationsAllowed = limits?.developerNotifications === true;
  // A new form's notification is on by default wherever the plan includes it.
  const notifying = settings.developerNotificationsEnabled ?? notificationsAllowed;

  return (
    <fieldset className="card stack">
      <legend>Emails</legend>
      <CheckboxField
        label="Send each submitter a confirmation email"
        checked={settings.enabled}
        disabled={!confirmationsAllowed && !settings.enabled}
        onChange={(e) => onChange({ ...settings, enabled: e.target.checked })}
      />
      {confirmationsAllowed ? null : <p className="hint">Confirmation emails come with the Standard plan.</p>}
      <TextField
        label="Confirmation subject"
        value={settings.subject}
        maxLength={200}
        onChange={(e) => onChange({ ...settings, subject: e.target.value })}
      />
      <TextField
        label="Reply-to address"
        type="email"
        value={settings.replyTo}
        onChange={(e) => onChange({ ...settings, replyTo: e.target.value })}
      />
      <CheckboxField
        label="Email me each submission"
        checked={notifying}
        disabled={!notificationsAllowed && !notifying}
        onChange={(e) => onChange({ ...settings, developerNotificationsEnabled: e.target.checked })}
      />
      {notificationsAllowed ? null : <p className="hint">Notifications to you come with the Pro plan.</p>}
      <TextField
        label="Notification address"
        type="email"
        value={settings.developerEmail}
        onChange={(e) => onChange({ ...settings, developerEmail: e.target.value })}
      />
    </fieldset>
  );
}
