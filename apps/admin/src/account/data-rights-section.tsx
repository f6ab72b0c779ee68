import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';

import { ConfirmButton, ErrorAlert, TextField } from '../components/ui';
import { useTRPC } from '../lib/trpc';

/** Hands the browser a file made in memory (the export arrives as base64 over the RPC). */
function download(fileName: string, contentType: string, base64: string) {
  const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
  const url = URL.createObjectURL(new Blob([bytes], { type: contentType }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Export my account (a gzip'd JSON file) and delete my account (after typing its email). */
export function DataRightsSection({ email }: { email: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [confirmEmail, setConfirmEmail] = useState('');
  const exportAccount = useMutation({
    mutationFn: () =>
      queryClient.fetchQuery({ ...trpc.dataRights.exportAccount.queryOptions(), staleTime: 0 }),
    onSuccess: (archive) => download(archive.fileName, archive.contentType, archive.base64),
  });
  const deleteAccount = useMutation(
    trpc.dataRights.deleteAccount.mutationOptions({
      onSuccess: async () => {
        queryClient.clear();
        await navigate('/login');
      },
    }),
  );
  const typed = confirmEmail.trim().toLowerCase() === email.toLowerCase();

  return (
    <section className="card">
      <h2>Your data</h2>
      <div className="stack">
        <p>
          Everything of your account in one file: the account, forms, submissions, API keys (never the keys
          themselves), webhook endpoints (never their secrets) and the mail log.
        </p>
        <div className="row">
          <button type="button" onClick={() => exportAccount.mutate()} disabled={exportAccount.isPending}>
            Export my account (JSON)
          </button>
        </div>
        {exportAccount.error ? <ErrorAlert error={exportAccount.error} /> : null}
        <h3>Delete my account</h3>
        <p>
          Deletes the account and all its data for good: forms, submissions, keys, webhooks, mail log. Cancel
          a paid subscription first.
        </p>
        <TextField
          label="Type your email address to confirm"
          autoComplete="off"
          value={confirmEmail}
          onChange={(e) => setConfirmEmail(e.target.value)}
        />
        {deleteAccount.error ? <ErrorAlert error={deleteAccount.error} /> : null}
        {typed ? (
          <ConfirmButton
            label="Delete my account"
            title="Delete your account?"
            message={<p>{email} and all its data go for good. This cannot be undone.</p>}
            confirmLabel="Delete it for good"
            pending={deleteAccount.isPending}
            onConfirm={() => deleteAccount.mutate({ confirmEmail })}
          />
        ) : (
          <button type="button" className="danger" disabled>
            Delete my account
          </button>
        )}
      </div>
    </section>
  );
}
