import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton, CopyButton, Empty, ErrorAlert, Loading, TextField } from '../components/ui';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import { DeliveryLog } from './delivery-log';
import { toHeaderInputs, type THeaderRow } from './header-rows';
import { HeadersEditor } from './headers-editor';
import { TestSentNote } from './test-sent-note';

type TEndpoint = RouterOutputs['webhooks']['list']['webhooks'][number];

/** A signing secret, shown the one time the server answers it (create, rotate). */
function SecretOnce({ secret }: { secret: string }) {
  return (
    <div className="alert ok" role="status">
      <p>
        <strong>Copy the signing secret now: it is shown only once.</strong>
      </p>
      <p>
        <code data-testid="webhook-secret">{secret}</code>
      </p>
      <CopyButton text={secret} label="Copy secret" />
    </div>
  );
}

/** The form's outbound webhook endpoints: add, test, rotate the secret, delete, and the delivery log. */
export function WebhooksSection({ formId }: { formId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const endpoints = useQuery(trpc.webhooks.list.queryOptions({ formId }));
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [headers, setHeaders] = useState<THeaderRow[]>([]);
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: () => {
        setUrl('');
        setDescription('');
        setHeaders([]);
        return queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey({ formId }) });
      },
    }),
  );

  return (
    <section aria-labelledby="webhooks-heading">
      <h2 id="webhooks-heading">Webhooks</h2>
      <form
        className="card stack"
        aria-label="Add a webhook endpoint"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({
            formId,
            url: url.trim(),
            ...(description.trim() ? { description: description.trim() } : {}),
            headers: toHeaderInputs(headers),
          });
        }}
      >
        <TextField
          label="Endpoint URL"
          type="url"
          required
          placeholder="https://example.com/hooks/formwell"
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <TextField
          label="Endpoint description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
        />
        <HeadersEditor idPrefix="New endpoint" rows={headers} onChange={setHeaders} />
        {create.isError ? <ErrorAlert error={create.error} /> : null}
        <div>
          <button type="submit" disabled={create.isPending}>
            Add endpoint
          </button>
        </div>
        {create.isSuccess ? <SecretOnce secret={create.data.secret} /> : null}
      </form>
      {endpoints.isPending ? <Loading what="webhook endpoints" /> : null}
      {endpoints.isError ? <ErrorAlert error={endpoints.error} /> : null}
      {endpoints.isSuccess && endpoints.data.webhooks.length === 0 ? (
        <Empty>No webhook endpoints yet.</Empty>
      ) : null}
      {endpoints.data?.webhooks.map((endpoint) => (
        <EndpointCard key={endpoint.id} endpoint={endpoint} />
      ))}
    </section>
  );
}

function EndpointCard({ endpoint }: { endpoint: TEndpoint }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { formId: endpoint.formId, webhookId: endpoint.id };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey({ formId: endpoint.formId }) }),
      queryClient.invalidateQueries({ queryKey: trpc.webhooks.listDeliveries.pathKey() }),
    ]);
  const sendTest = useMutation(trpc.webhooks.sendTest.mutationOptions({ onSuccess: refresh }));
  const rotate = useMutation(trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.webhooks.delete.mutationOptions({ onSuccess: refresh }));
  const toggle = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: refresh }));

  return (
    <article className="card stack" aria-label={`Endpoint ${endpoint.url}`}>
      <div className="spread">
        <h3>
          <code>{endpoint.url}</code>
        </h3>
        <span className="hint">{endpoint.enabled ? 'enabled' : 'disabled'}</span>
      </div>
      {endpoint.description ? <p>{endpoint.description}</p> : null}
      <p className="hint">Events: {endpoint.events.join(', ')}</p>
      <div className="row">
        <button type="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate(ids)}>
          Send test event
        </button>
        <button
          type="button"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ ...ids, enabled: !endpoint.enabled })}
        >
          {endpoint.enabled ? 'Disable' : 'Enable'} endpoint
        </button>
        <ConfirmButton
          label="Rotate secret"
          title="Rotate the signing secret?"
          message={
            <p>
              A new secret signs deliveries from now on; the old one keeps signing for a while, so you can
              switch.
            </p>
          }
          confirmLabel="Rotate secret"
          destructive={false}
          pending={rotate.isPending}
          onConfirm={() => rotate.mutate(ids)}
        />
        <ConfirmButton
          label="Delete endpoint"
          title="Delete this endpoint?"
          message={<p>No more deliveries go to {endpoint.url}.</p>}
          confirmLabel="Delete endpoint"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(ids)}
        />
      </div>
      {sendTest.isSuccess ? <TestSentNote attempt={sendTest.data} /> : null}
      {rotate.isSuccess ? <SecretOnce secret={rotate.data.secret} /> : null}
      <EndpointHeadersForm endpoint={endpoint} onSaved={refresh} />
      {[sendTest, rotate, remove, toggle].map((mutation, index) =>
        mutation.isError ? <ErrorAlert key={index} error={mutation.error} /> : null,
      )}
      <DeliveryLog formId={endpoint.formId} endpointId={endpoint.id} />
    </article>
  );
}

/** The endpoint's custom headers, replaced as a whole on save. */
function EndpointHeadersForm({
  endpoint,
  onSaved,
}: {
  endpoint: TEndpoint;
  onSaved: () => Promise<unknown>;
}) {
  const trpc = useTRPC();
  const [rows, setRows] = useState<THeaderRow[]>(endpoint.headers);
  const save = useMutation(trpc.webhooks.update.mutationOptions({ onSuccess: onSaved }));

  return (
    <form
      className="stack"
      aria-label={`Custom headers of ${endpoint.url}`}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate({ formId: endpoint.formId, webhookId: endpoint.id, headers: toHeaderInputs(rows) });
      }}
    >
      <HeadersEditor idPrefix={endpoint.url} rows={rows} onChange={setRows} />
      {save.isError ? <ErrorAlert error={save.error} /> : null}
      {save.isSuccess ? (
        <p className="alert ok" role="status">
          Headers saved.
        </p>
      ) : null}
      <div>
        <button type="submit" disabled={save.isPending}>
          Save headers
        </button>
      </div>
    </form>
  );
}
