import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { CheckboxField, CopyButton, ErrorAlert, TextArea } from '../components/ui';
import type { TFormRead } from '../lib/form-read';
import { useTRPC } from '../lib/trpc';
import { CaptchaCard } from './captcha-card';
import { curlSnippet, fetchSnippet, htmlFormSnippet } from './snippets';

type TForm = TFormRead;

/** Origins typed one per line (or separated by commas/spaces), as the procedures take them. */
function parseOrigins(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((origin) => origin.trim())
    .filter((origin) => origin.length > 0);
}

/**
 * How to send this form submissions: copyable snippets with its id filled in, the switch for the
 * keyless plain-HTML endpoint (with the origins allowed to post and its CAPTCHA), and an embed key made for it.
 */
export function EmbedSection({ form }: { form: TForm }) {
  // The dashboard is served by the API server, so its origin is the API's.
  const origin = window.location.origin;
  const snippets = [
    {
      title: 'From your backend (curl)',
      copyLabel: 'Copy curl command',
      text: curlSnippet(origin, form.id, form.fields),
    },
    {
      title: 'From a web page (fetch, with an embed key)',
      copyLabel: 'Copy fetch code',
      text: fetchSnippet(origin, form.id, form.fields),
    },
    {
      title: 'A plain HTML form (no key; public submissions on)',
      copyLabel: 'Copy HTML form',
      text: htmlFormSnippet(origin, form.id, form.fields, form.publicSubmissions.captcha?.provider ?? null),
    },
  ];

  return (
    <section aria-labelledby="embed-heading">
      <h2 id="embed-heading">Embed</h2>
      {snippets.map((snippet) => (
        <div className="card" key={snippet.title}>
          <div className="spread">
            <h3>{snippet.title}</h3>
            <CopyButton text={snippet.text} label={snippet.copyLabel} />
          </div>
          <pre>{snippet.text}</pre>
        </div>
      ))}
      <PublicSubmissionsCard form={form} />
      <CaptchaCard form={form} />
      <EmbedKeyCard form={form} />
    </section>
  );
}

function PublicSubmissionsCard({ form }: { form: TForm }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [enabled, setEnabled] = useState(form.publicSubmissions.enabled);
  const [origins, setOrigins] = useState(form.publicSubmissions.allowedOrigins.join('\n'));
  const save = useMutation(
    trpc.forms.update.mutationOptions({
      onSuccess: () =>
        queryClient.invalidateQueries({ queryKey: trpc.forms.get.queryKey({ formId: form.id }) }),
    }),
  );

  return (
    <form
      className="card stack"
      aria-label="Public submissions"
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({
          formId: form.id,
          publicSubmissions: { enabled, allowedOrigins: parseOrigins(origins) },
        });
      }}
    >
      <h3>Public submissions</h3>
      <CheckboxField
        label="Accept posts from plain HTML forms (no key)"
        checked={enabled}
        onChange={(e) => setEnabled(e.target.checked)}
      />
      <TextArea
        label="Pages allowed to post (origins)"
        hint="One per line, e.g. https://example.com; empty: any page"
        rows={2}
        value={origins}
        onChange={(e) => setOrigins(e.target.value)}
      />
      {save.isError ? <ErrorAlert error={save.error} /> : null}
      {save.isSuccess ? (
        <p className="alert ok" role="status">
          Saved.
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={save.isPending}>
          Save public submissions
        </button>
      </div>
    </form>
  );
}

/** A key that can only submit to this form, only from the listed origins: safe to put in a page. */
function EmbedKeyCard({ form }: { form: TForm }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [origins, setOrigins] = useState('');
  const create = useMutation(
    trpc.apiKeys.createEmbedKey.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter()),
    }),
  );

  return (
    <form
      className="card stack"
      aria-label="Embed key"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate({ formId: form.id, allowedOrigins: parseOrigins(origins) });
      }}
    >
      <h3>Embed key</h3>
      <TextArea
        label="Embed key origins"
        hint="The pages that will use the key, one per line, e.g. https://example.com"
        rows={2}
        required
        value={origins}
        onChange={(e) => setOrigins(e.target.value)}
      />
      {create.isError ? <ErrorAlert error={create.error} /> : null}
      <div>
        <button type="submit" disabled={create.isPending}>
          Create embed key
        </button>
      </div>
      {create.isSuccess ? (
        <div className="alert ok" role="status">
          <p>
            <strong>Copy this key now: it is shown only once.</strong> It can submit to this form only.
          </p>
          <p>
            <code data-testid="new-embed-key">{create.data.key}</code>
          </p>
          <CopyButton text={create.data.key} label="Copy embed key" />
        </div>
      ) : null}
    </form>
  );
}
