import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton, Empty, ErrorAlert, formatDate, Loading, TextField } from '../components/ui';
import { useTRPC } from '../lib/trpc';
import { Can } from '../workspace/workspace-rights';

/**
 * Addresses outside the workspace that get this form's notifications (admins and the owner add,
 * send again and remove; everyone sees them). Each added address is mailed a link and gets nothing
 * else until it confirms. The controls are buttons, not a form of their own: this section sits
 * inside the form editor's form, and Enter in the address field adds rather than saves.
 */
export function ExtraRecipientsSection({ formId }: { formId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [email, setEmail] = useState('');
  const list = useQuery(trpc.recipients.list.queryOptions({ formId }));
  const refresh = () =>
    queryClient.invalidateQueries({ queryKey: trpc.recipients.list.queryKey({ formId }) });
  const add = useMutation(
    trpc.recipients.add.mutationOptions({
      onSuccess: async () => {
        setEmail('');
        await refresh();
      },
    }),
  );
  const resend = useMutation(trpc.recipients.resendLink.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.recipients.remove.mutationOptions({ onSuccess: refresh }));
  const rows = list.data?.recipients ?? [];
  const submit = () => add.mutate({ formId, email: email.trim() });

  return (
    <fieldset className="card stack">
      <legend>Other addresses</legend>
      <p className="hint">
        People outside the workspace can get each submission&apos;s notification too (at most 10 addresses per
        form). Each address is first emailed a link, and gets nothing until it confirms; every notification it
        gets has an unsubscribe link. Digests are for workspace members only.
      </p>
      <Can ability="members">
        <div className="row">
          <TextField
            label="Add an address"
            type="email"
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                submit();
              }
            }}
          />
          <button type="button" disabled={add.isPending || email.trim() === ''} onClick={submit}>
            Send confirmation link
          </button>
        </div>
        {add.isError ? <ErrorAlert error={add.error} /> : null}
        {add.isSuccess ? (
          <p className="alert ok" role="status">
            Confirmation link sent to {add.data.email}.
          </p>
        ) : null}
      </Can>
      {list.isPending ? <Loading what="the addresses" /> : null}
      {list.isError ? <ErrorAlert error={list.error} /> : null}
      {list.isSuccess && rows.length === 0 ? <Empty>No other addresses.</Empty> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Other addresses notified</caption>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((recipient) => (
                <tr key={recipient.id}>
                  <td>{recipient.email}</td>
                  <td>
                    {recipient.status === 'confirmed'
                      ? `Confirmed ${formatDate(recipient.confirmedAt)}`
                      : `Waiting for confirmation (link sent ${formatDate(recipient.linkSentAt)})`}
                  </td>
                  <td>
                    <Can ability="members">
                      <div className="row">
                        {recipient.status === 'pending' ? (
                          <button
                            type="button"
                            disabled={resend.isPending}
                            onClick={() => resend.mutate({ formId, recipientId: recipient.id })}
                          >
                            Send the link again to {recipient.email}
                          </button>
                        ) : null}
                        <ConfirmButton
                          label={`Remove ${recipient.email}`}
                          title={`Stop notifying ${recipient.email}?`}
                          message={<p>The address gets nothing more from this form.</p>}
                          confirmLabel="Remove address"
                          pending={remove.isPending}
                          onConfirm={() => remove.mutate({ formId, recipientId: recipient.id })}
                        />
                      </div>
                    </Can>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {resend.isSuccess ? (
        <p className="alert ok" role="status">
          A new link was sent to {resend.data.email}.
        </p>
      ) : null}
      {resend.isError ? <ErrorAlert error={resend.error} /> : null}
      {remove.isError ? <ErrorAlert error={remove.error} /> : null}
    </fieldset>
  );
}
