import { CheckboxField, TextField } from '../components/ui';
import type { TFormRead } from '../lib/form-read';

export type TEmailSettings = {
  enabled: boolean;
  developerNotificationsEnabled: boolean;
  developerEmail: string;
  subject: string;
  replyTo: string;
};

export function emailSettingsOf(form: TFormRead | undefined): TEmailSettings {
  const stored = form?.emailSettingsFull;

  return {
    enabled: stored?.enabled ?? false,
    developerNotificationsEnabled: stored?.developerNotificationsEnabled ?? false,
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
    developerNotificationsEnabled: settings.developerNotificationsEnabled,
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
  plan,
  settings,
  onChange,
}: {
  plan: string | undefined;
  settings: TEmailSettings;
  onChange: (settings: TEmailSettings) => void;
}) {
  const confirmationsAllowed = plan === 'STANDARD' || plan === 'PRO';
  const notificationsAllowed = plan === 'PRO';

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
        checked={settings.developerNotificationsEnabled}
        disabled={!notificationsAllowed && !settings.developerNotificationsEnabled}
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
