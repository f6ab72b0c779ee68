import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useReducer, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';

import { CheckboxField, ErrorAlert, Loading, SelectField, TextArea, TextField } from '../components/ui';
import { FieldBuilder } from '../field-builder/field-builder';
import {
  fieldBuilderReducer,
  fromStoredFields,
  toFieldInputs,
  validateFields,
} from '../field-builder/field-builder-state';
import { sessionFormRead, type TFormRead } from '../lib/form-read';
import { useTRPC, type RouterInputs } from '../lib/trpc';
import { useWorkspacePlan } from '../workspace/use-workspace-plan';
import { useWorkspaceRights } from '../workspace/workspace-rights';
import { EmailSettingsFields, emailSettingsOf, toEmailSettingsInput } from './email-settings-fields';
import {
  EmailTemplatesFields,
  emailTemplatesOf,
  NotificationRecipients,
  toEmailTemplatesInput,
} from './email-templates-fields';
import { ExtraRecipientsSection } from './extra-recipients-section';

type TFormType = RouterInputs['forms']['create']['formType'];

/** New form (`/forms/new`) or edit (`/forms/:formId/edit`): loads the form first when editing. */
export function FormEditorPage() {
  const { formId } = useParams();
  const trpc = useTRPC();
  const form = useQuery({
    ...trpc.forms.get.queryOptions({ formId: formId ?? '' }),
    select: sessionFormRead,
    enabled: formId !== undefined,
  });
  const rights = useWorkspaceRights();

  if (rights && !rights.can.write) {
    return <p className="alert error">Your role in this workspace reads forms but does not change them.</p>;
  }
  if (formId === undefined) {
    return <FormEditor />;
  }
  if (form.isPending) {
    return <Loading what="the form" />;
  }
  if (form.isError) {
    return <ErrorAlert error={form.error} />;
  }

  return <FormEditor form={form.data} />;
}

/** The stored threshold (a score from 0 to 1) as the percentage the field shows. */
function percentOf(threshold: number): string {
  return String(Math.round(threshold * 10_000) / 100);
}

/** The typed percentage as the threshold the server takes (above 0, at most 1). */
function thresholdOf(percent: string): number | 'unset' | 'invalid' {
  if (percent.trim() === '') return 'unset';
  const value = Number(percent);

  return Number.isFinite(value) && value > 0 && value <= 100 ? value / 100 : 'invalid';
}

function FormEditor({ form }: { form?: TFormRead }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [name, setName] = useState(form?.name ?? '');
  const [description, setDescription] = useState(form?.description ?? '');
  const [formType, setFormType] = useState<TFormType>(form?.formType ?? 'contact');
  const [uniqueEmail, setUniqueEmail] = useState(form?.uniqueEmail ?? false);
  const [usersJoined, setUsersJoined] = useState(form?.settings.usersJoined?.enabled ?? false);
  const [retentionDays, setRetentionDays] = useState(form?.retentionDays?.toString() ?? '');
  const [spamPercent, setSpamPercent] = useState(form ? percentOf(form.spamThreshold) : '');
  const spamThreshold = thresholdOf(spamPercent);
  const [emailSettings, setEmailSettings] = useState(() => emailSettingsOf(form));
  const [templates, setTemplates] = useState(() => emailTemplatesOf(form));
  const me = useQuery(trpc.auth.me.queryOptions());
  const { limits } = useWorkspacePlan();
  const [fields, dispatch] = useReducer(fieldBuilderReducer, form?.fields ?? [], fromStoredFields);
  const [triedToSave, setTriedToSave] = useState(false);
  const problems = validateFields(fields);

  const onSaved = async (saved: { id: string }) => {
    await queryClient.invalidateQueries({ queryKey: trpc.forms.pathKey() });
    await navigate(`/forms/${saved.id}`);
  };
  const create = useMutation(trpc.forms.create.mutationOptions({ onSuccess: onSaved }));
  const update = useMutation(trpc.forms.update.mutationOptions({ onSuccess: onSaved }));
  const save = form ? update : create;
  const title = form ? `Edit ${form.name}` : 'New form';

  return (
    <>
      <h1>{title}</h1>
      <form
        className="stack"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTriedToSave(true);
          if (problems.size > 0 || name.trim() === '' || spamThreshold === 'invalid') {
            return;
          }
          const data = {
            name: name.trim(),
            description,
            formType,
            fields: toFieldInputs(fields),
            uniqueEmail,
            settings: { usersJoined: { enabled: usersJoined } },
            retentionDays: retentionDays.trim() === '' ? null : Number(retentionDays),
            emailSettings: {
              ...toEmailSettingsInput(emailSettings),
              ...(form ? toEmailTemplatesInput(templates) : {}),
            },
            ...(spamThreshold === 'unset' ? {} : { spamThreshold }),
          };
          if (form) update.mutate({ formId: form.id, ...data });
          else create.mutate(data);
        }}
      >
        <div className="card stack">
          <TextField label="Form name" required value={name} onChange={(e) => setName(e.target.value)} />
          {triedToSave && name.trim() === '' ? (
            <p className="alert error" role="alert">
              Give the form a name.
            </p>
          ) : null}
          <TextArea
            label="Description"
            rows={2}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
          />
          <SelectField
            label="Form type"
            value={formType}
            options={me.data?.formTypes ?? []}
            onChange={(e) => setFormType(e.target.value as TFormType)}
          />
          <CheckboxField
            label="One submission per email address"
            checked={uniqueEmail}
            onChange={(e) => setUniqueEmail(e.target.checked)}
          />
          <CheckboxField
            label="Publish the number of people who joined (users-joined count)"
            aria-describedby="users-joined-hint"
            checked={usersJoined}
            onChange={(e) => setUsersJoined(e.target.checked)}
          />
          <p id="users-joined-hint" className="hint">
            Off: the users-joined endpoint answers 0 for this form.
          </p>
          <TextField
            label="Keep submissions for (days)"
            hint="Empty: keep them until deleted"
            type="number"
            min={1}
            max={3650}
            value={retentionDays}
            onChange={(e) => setRetentionDays(e.target.value)}
          />
          <TextField
            label="Spam threshold (%)"
            hint="A submission whose spam score reaches this goes to the spam folder. Lower catches more; 100 files only what is certainly spam. Empty: the usual threshold."
            type="number"
            min={1}
            max={100}
            step="any"
            value={spamPercent}
            onChange={(e) => setSpamPercent(e.target.value)}
          />
          {triedToSave && spamThreshold === 'invalid' ? (
            <p className="alert error" role="alert">
              Choose a spam threshold above 0 and at most 100 %.
            </p>
          ) : null}
        </div>
        <EmailSettingsFields limits={limits} settings={emailSettings} onChange={setEmailSettings} />
        {form ? (
          <>
            <EmailTemplatesFields formId={form.id} templates={templates} onChange={setTemplates} />
            <NotificationRecipients formId={form.id} myEmail={me.data?.email} />
            <ExtraRecipientsSection formId={form.id} />
          </>
        ) : (
          <p className="hint">Email templates and who gets notified can be set once the form is created.</p>
        )}
        <FieldBuilder fields={fields} problems={triedToSave ? problems : new Map()} dispatch={dispatch} />
        {save.isError ? <ErrorAlert error={save.error} /> : null}
        <div className="row">
          <button type="submit" className="primary" disabled={save.isPending}>
            {form ? 'Save changes' : 'Create form'}
          </button>
          <Link to={form ? `/forms/${form.id}` : '/forms'}>Cancel</Link>
        </div>
      </form>
    </>
  );
}
