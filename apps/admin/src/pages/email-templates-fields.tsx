import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';

import { ErrorAlert, SelectField, TextArea, TextField } from '../components/ui';
import type { TFormRead } from '../lib/form-read';
import { useTRPC } from '../lib/trpc';

type TKind = 'notification' | 'confirmation';

/** Both templates as edited: blank parts mean the built-in ones. */
export type TEmailTemplates = Record<TKind, { subject: string; body: string }>;

export function emailTemplatesOf(form: TFormRead | undefined): TEmailTemplates {
  const stored = form?.emailSettingsFull;
  const of = (template: { subject: string | null; body: string | null } | null | undefined) => ({
    subject: template?.subject ?? '',
    body: template?.body ?? '',
  });

  return { notification: of(stored?.notificationTemplate), confirmation: of(stored?.confirmationTemplate) };
}

/** As the procedures take them: a blank part is null (the built-in one). */
export function toEmailTemplatesInput(templates: TEmailTemplates) {
  const orNull = (text: string) => (text.trim() === '' ? null : text);
  const of = (kind: TKind) => ({
    subject: orNull(templates[kind].subject),
    body: orNull(templates[kind].body),
  });

  return { notificationTemplate: of('notification'), confirmationTemplate: of('confirmation') };
}

const PLACEHOLDER_HINT =
  'Markdown. Placeholders: {{form.name}}, {{form.url}}, {{submission.id}}, {{submission.createdAt}}, {{fields}} (a table of labels and values), {{field.NAME}}; a confirmation to a submitter who passed no CAPTCHA and used no server-side key gets the built-in text wherever the last two appear. Empty: the built-in text.';

/** The draft rendered by the server with sample data, after the owner stops typing for a moment. */
function usePreview(formId: string, kind: TKind, draft: { subject: string; body: string }) {
  const trpc = useTRPC();
  const preview = useMutation(trpc.forms.previewEmail.mutationOptions());
  const { mutate } = preview;
  useEffect(() => {
    const timer = setTimeout(() => {
      mutate({
        formId,
        kind,
        template: {
          subject: draft.subject.trim() === '' ? null : draft.subject,
          body: draft.body.trim() === '' ? null : draft.body,
        },
      });
    }, 300);

    return () => clearTimeout(timer);
  }, [formId, kind, draft.subject, draft.body, mutate]);

  return preview;
}

/**
 * The notification's and the confirmation's subject and Markdown body, each with a live preview.
 * The preview's HTML is shown in a sandboxed frame with no permissions at all: whatever a template
 * or a value holds, nothing in it runs in the dashboard.
 */
export function EmailTemplatesFields({
  formId,
  templates,
  onChange,
}: {
  formId: string;
  templates: TEmailTemplates;
  onChange: (templates: TEmailTemplates) => void;
}) {
  const [kind, setKind] = useState<TKind>('notification');
  const draft = templates[kind];
  const preview = usePreview(formId, kind, draft);
  const set = (part: 'subject' | 'body', value: string) =>
    onChange({ ...templates, [kind]: { ...draft, [part]: value } });

  return (
    <fieldset className="card stack">
      <legend>Email templates</legend>
      <SelectField
        label="Template"
        value={kind}
        options={[
          { value: 'notification', label: 'Notification to the team' },
          { value: 'confirmation', label: 'Confirmation to the submitter' },
        ]}
        onChange={(e) => setKind(e.target.value as TKind)}
      />
      <TextField
        label="Subject template"
        maxLength={200}
        value={draft.subject}
        onChange={(e) => set('subject', e.target.value)}
      />
      <TextArea
        label="Body template"
        hint={PLACEHOLDER_HINT}
        rows={8}
        value={draft.body}
        onChange={(e) => set('body', e.target.value)}
      />
      <h3>Preview with sample data</h3>
      {preview.isError ? <ErrorAlert error={preview.error} /> : null}
      {preview.data ? (
        <>
          <p>
            Subject: <strong data-testid="email-preview-subject">{preview.data.subject}</strong>
          </p>
          <iframe
            title="Email preview"
            sandbox=""
            srcDoc={preview.data.html}
            style={{ width: '100%', minHeight: 260, border: '1px solid #ddd', background: '#fff' }}
          />
        </>
      ) : null}
    </fieldset>
  );
}

const MODES = [
  { value: 'instant', label: 'Each submission' },
  { value: 'hourly', label: 'Hourly digest' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'off', label: 'Off' },
] as const;

/** How the signed-in member hears of this form's submissions, and how the others do. */
export function NotificationRecipients({ formId, myEmail }: { formId: string; myEmail: string | undefined }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const members = useQuery(trpc.forms.notifications.queryOptions({ formId }));
  const setMode = useMutation(
    trpc.forms.setNotificationMode.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.forms.notifications.queryKey({ formId }) }),
    }),
  );
  const me = members.data?.members.find((member) => member.email === myEmail);

  return (
    <fieldset className="card stack">
      <legend>Who gets notified</legend>
      {members.isError ? <ErrorAlert error={members.error} /> : null}
      {me ? (
        <SelectField
          label="My notifications for this form"
          value={me.mode}
          options={MODES}
          disabled={setMode.isPending}
          onChange={(e) =>
            setMode.mutate({ formId, mode: e.target.value as (typeof MODES)[number]['value'] })
          }
        />
      ) : null}
      {setMode.isError ? <ErrorAlert error={setMode.error} /> : null}
      <ul>
        {(members.data?.members ?? []).map((member) => (
          <li key={member.userId}>
            {member.email} ({member.role}): {MODES.find((mode) => mode.value === member.mode)?.label}
            {member.emailVerified ? '' : ' — address not verified yet, nothing is sent to it'}
          </li>
        ))}
      </ul>
      <p className="hint">Notifications go out only while the form&apos;s notification switch above is on.</p>
    </fieldset>
  );
}
