import { WorkspaceModel } from '@formwell/db';
import { TRPCClientError } from '@trpc/client';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { dashboardClient, rejection } from './dashboard-client.js';
import { loggedIn } from './invitation-fixtures.js';

const MAX_OWNED = 3;
const PARALLEL = 8;

test(`${2 * PARALLEL} workspace creations at once, over ${PARALLEL} HTTP connections of one session, never leave the account owning more than MAX_OWNED_WORKSPACES`, async () => {
  const { app } = await buildTestApp({ MAX_OWNED_WORKSPACES: String(MAX_OWNED) });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await loggedIn(address, 'cap-race');
  // One client per request (each its own HTTP connection and batch), all on the owner's session.
  const tabs = Array.from({ length: PARALLEL }, () => {
    const tab = dashboardClient(address);
    tab.jar.cookie = owner.jar.cookie;

    return tab.client;
  });

  // Two per client: they travel in one batch, which the server runs at once; the clients' requests
  // arrive side by side too.
  const outcomes = await Promise.all(
    [...tabs, ...tabs].map((tab, i) =>
      tab.workspace.create.mutate({ name: `Team ${i}` }).then(
        () => 'created',
        (error: unknown) =>
          error instanceof TRPCClientError ? String((error.data as { code?: string }).code) : String(error),
      ),
    ),
  );

  const created = outcomes.filter((outcome) => outcome === 'created');
  // The personal workspace is one of the MAX_OWNED; every refusal is the limit's 403.
  expect(await WorkspaceModel.countDocuments({ ownerId: owner.user.id })).toBeLessThanOrEqual(MAX_OWNED);
  expect(created.length).toBeLessThanOrEqual(MAX_OWNED - 1);
  expect(outcomes.filter((outcome) => outcome !== 'created')).toEqual(
    Array.from({ length: outcomes.length - created.length }, () => 'FORBIDDEN'),
  );
  expect((await owner.client.workspace.list.query()).workspaces.length).toBe(1 + created.length);
  // Whatever the race left free can still be taken, one at a time, up to the ceiling and no further.
  for (let owned = 1 + created.length; owned < MAX_OWNED; owned++) {
    await owner.client.workspace.create.mutate({ name: `Later ${owned}` });
  }
  expect(await rejection(owner.client.workspace.create.mutate({ name: 'One too many' }))).toEqual({
    code: 'FORBIDDEN',
    message: `Workspace limit reached (${MAX_OWNED}/${MAX_OWNED}): delete or transfer one you own first`,
  });
  expect(await WorkspaceModel.countDocuments({ ownerId: owner.user.id })).toBe(MAX_OWNED);
});
