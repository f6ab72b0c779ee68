import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { ConfirmButton, Empty, ErrorAlert, Loading, SelectField, TextField } from '../components/ui';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import { IntegrationDeliveryLog } from './integration-delivery-log';
import { TestSentNote } from '../webhooks/test-sent-note';

type TIntegration = RouterOutputs['integrations']['list']['integrations'][number];
type TPlatform = TIntegration['type'];

/** What each platform is called and where its URL comes from, for the add form. */
const PLATFORMS: Record<TPlatform, { name: string; placeholder: string; hint: string }> = {
  slack: {
    name: 'Slack',
    placeholder: 'https://hooks.slack.com/services/…',
    hint: 'A Slack app’s incoming webhook (api.slack.com/apps → Incoming Webhooks).',
  },
  discord: {
    name: 'Discord',
    placeholder: 'https://discord.com/api/webhooks/…',
    hint: 'Channel settings → Integrations → Webhooks → Copy webhook URL.',
  },
  teams: {
    name: 'Microsoft Teams',
    placeholder: 'https://….logic.azure.com/workflows/…',
    hint: 'The Workflows template “Post to a channel when a webhook request is received”.',
  },
};

const PLATFORM_OPTIONS = (Object.keys(PLATFORMS) as TPlatform[]).map((value) => ({
  value,
  label: PLATFORMS[value].name,
}));

/** The form's Slack, Discord and Teams integrations: add, test, switch on or off, delete, delivery log. */
export function IntegrationsSection({ formId }: { formId: string }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const integrations = useQuery(trpc.integrations.list.queryOptions({ formId }));
  const [type, setType] = useState<TPlatform>('slack');
  const [url, setUrl] = useState('');
  const create = useMutation(
    trpc.integrations.create.mutationOptions({
      onSuccess: () => {
        setUrl('');
        return queryClient.invalidateQueries({ queryKey: trpc.integrations.list.queryKey({ formId }) });
      },
    }),
  );

  return (
    <section aria-labelledby="integrations-heading">
      <h2 id="integrations-heading">Integrations</h2>
      <form
        className="card stack"
        aria-label="Add an integration"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ formId, type, url: url.trim() });
        }}
      >
        <SelectField
          label="Platform"
          options={PLATFORM_OPTIONS}
          value={type}
          onChange={(e) => setType(e.target.value as TPlatform)}
        />
        <TextField
          label="Webhook URL"
          type="url"
          required
          placeholder={PLATFORMS[type].placeholder}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
        />
        <p className="hint">
          {PLATFORMS[type].hint} The URL is a secret: after saving it is only shown shortened.
        </p>
        {create.isError ? <ErrorAlert error={create.error} /> : null}
        <div>
          <button type="submit" disabled={create.isPending}>
            Add integration
          </button>
        </div>
      </form>
      {integrations.isPending ? <Loading what="integrations" /> : null}
      {integrations.isError ? <ErrorAlert error={integrations.error} /> : null}
      {integrations.isSuccess && integrations.data.integrations.length === 0 ? (
        <Empty>No integrations yet.</Empty>
      ) : null}
      {integrations.data?.integrations.map((integration) => (
        <IntegrationCard key={integration.id} integration={integration} />
      ))}
    </section>
  );
}

function IntegrationCard({ integration }: { integration: TIntegration }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const ids = { formId: integration.formId, integrationId: integration.id };
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({
        queryKey: trpc.integrations.list.queryKey({ formId: integration.formId }),
      }),
      queryClient.invalidateQueries({ queryKey: trpc.integrations.listDeliveries.pathKey() }),
    ]);
  const sendTest = useMutation(trpc.integrations.sendTest.mutationOptions({ onSuccess: refresh }));
  const toggle = useMutation(trpc.integrations.setEnabled.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.integrations.delete.mutationOptions({ onSuccess: refresh }));
  const name = PLATFORMS[integration.type].name;

  return (
    <article className="card stack" aria-label={`${name} integration ${integration.url}`}>
      <div className="spread">
        <h3>
          {name} · <code>{integration.url}</code>
        </h3>
        <span className="hint">{integration.enabled ? 'enabled' : 'disabled'}</span>
      </div>
      <div className="row">
        <button type="button" disabled={sendTest.isPending} onClick={() => sendTest.mutate(ids)}>
          Send test message
        </button>
        <button
          type="button"
          disabled={toggle.isPending}
          onClick={() => toggle.mutate({ ...ids, enabled: !integration.enabled })}
        >
          {integration.enabled ? 'Disable' : 'Enable'} integration
        </button>
        <ConfirmButton
          label="Delete integration"
          title="Delete this integration?"
          message={<p>No more messages go to this {name} channel.</p>}
          confirmLabel="Delete integration"
          pending={remove.isPending}
          onConfirm={() => remove.mutate(ids)}
        />
      </div>
      {sendTest.isSuccess ? <TestSentNote attempt={sendTest.data} /> : null}
      {[sendTest, toggle, remove].map((mutation, index) =>
        mutation.isError ? <ErrorAlert key={index} error={mutation.error} /> : null,
      )}
      <IntegrationDeliveryLog formId={integration.formId} integrationId={integration.id} />
    </article>
  );
}
