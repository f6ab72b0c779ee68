import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import {
  CheckboxField,
  ConfirmButton,
  CopyButton,
  Empty,
  ErrorAlert,
  formatDate,
  Loading,
  TextField,
} from '../components/ui';
import { useTRPC, type RouterInputs, type RouterOutputs } from '../lib/trpc';
import { Can } from '../workspace/workspace-rights';

type TScope = NonNullable<RouterInputs['apiKeys']['create']['scopes']>[number];
type TApiKey = RouterOutputs['apiKeys']['list']['apiKeys'][number];

/** What each scope allows; a Record over the server's union, so a new scope needs a line here. */
const SCOPE_LABELS: Record<TScope, string> = {
  'forms:read': 'Read forms',
  'submissions:read': 'Read submissions',
  'submissions:write': 'Submit',
  'analytics:read': 'Read analytics',
  'webhooks:manage': 'Manage webhooks',
  'forms:write': 'Create, change and delete forms',
  'submissions:delete': 'Delete submissions',
};
const ALL_SCOPES = Object.keys(SCOPE_LABELS) as TScope[];

export function ApiKeysPage() {
  const trpc = useTRPC();
  // Paged like every list: revoked keys stay listed, so an account may have many.
  const keys = useInfiniteQuery(
    trpc.apiKeys.list.infiniteQueryOptions(
      { limit: 50 },
      { getNextPageParam: (page) => page.nextCursor ?? undefined },
    ),
  );
  const rows = keys.data?.pages.flatMap((page) => page.apiKeys) ?? [];

  return (
    <>
      <h1>API keys</h1>
      <Can ability="write">
        <CreateKeyCard />
      </Can>
      <h2>Your keys</h2>
      {keys.isPending ? <Loading what="keys" /> : null}
      {keys.isError ? <ErrorAlert error={keys.error} /> : null}
      {keys.isSuccess && rows.length === 0 ? <Empty>No keys yet.</Empty> : null}
      {rows.length > 0 ? (
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">Your API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Key</th>
                <th scope="col">Scopes</th>
                <th scope="col">Last used</th>
                <th scope="col">Status</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((key) => (
                <KeyRow key={key.id} apiKey={key} />
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {keys.hasNextPage ? (
        <button type="button" onClick={() => void keys.fetchNextPage()} disabled={keys.isFetchingNextPage}>
          Load more keys
        </button>
      ) : null}
    </>
  );
}

/** Creates a key and shows the full key this once: the server keeps only its hash. */
function CreateKeyCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Set<TScope>>(new Set(ALL_SCOPES));
  const create = useMutation(
    trpc.apiKeys.create.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter()),
    }),
  );

  return (
    <div className="card">
      <h2>Create a key</h2>
      <form
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name: name.trim(), scopes: ALL_SCOPES.filter((scope) => scopes.has(scope)) });
        }}
      >
        <TextField
          label="Key name"
          required
          maxLength={100}
          value={name}
          onChange={(e) => setName(e.target.value)}
        />
        <fieldset>
          <legend>Scopes</legend>
          {ALL_SCOPES.map((scope) => (
            <CheckboxField
              key={scope}
              label={`${SCOPE_LABELS[scope]} (${scope})`}
              checked={scopes.has(scope)}
              onChange={(e) => {
                const next = new Set(scopes);
                if (e.target.checked) next.add(scope);
                else next.delete(scope);
                setScopes(next);
              }}
            />
          ))}
        </fieldset>
        {create.isError ? <ErrorAlert error={create.error} /> : null}
        <div>
          <button type="submit" className="primary" disabled={create.isPending || scopes.size === 0}>
            Create key
          </button>
        </div>
      </form>
      {create.isSuccess ? (
        <div className="alert ok" role="status">
          <p>
            <strong>Copy this key now: it is shown only once.</strong>
          </p>
          <p>
            <code data-testid="new-api-key">{create.data.key}</code>
          </p>
          <CopyButton text={create.data.key} label="Copy key" />
        </div>
      ) : null}
    </div>
  );
}

function KeyRow({ apiKey }: { apiKey: TApiKey }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const revoke = useMutation(
    trpc.apiKeys.revoke.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries(trpc.apiKeys.list.pathFilter()),
    }),
  );

  return (
    <tr>
      <td>{apiKey.name}</td>
      <td>
        <code>{apiKey.display}</code>
      </td>
      <td>{apiKey.scopes.join(', ')}</td>
      <td>{formatDate(apiKey.lastUsedAt)}</td>
      <td>
        {apiKey.isActive ? (
          <Can ability="write" otherwise="Active">
            <ConfirmButton
              label={`Revoke ${apiKey.name}`}
              title={`Revoke "${apiKey.name}"?`}
              message={<p>Requests with this key will be refused from now on. This cannot be undone.</p>}
              confirmLabel="Revoke key"
              pending={revoke.isPending}
              onConfirm={() => revoke.mutate({ id: apiKey.id })}
            />
          </Can>
        ) : (
          'Revoked'
        )}
        {revoke.isError ? <ErrorAlert error={revoke.error} /> : null}
      </td>
    </tr>
  );
}
