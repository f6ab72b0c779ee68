import { addMember, createApiKey, createForm } from '@formwell/core';
import { expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { testCoreConfig } from '../helpers/test-core-config.js';
import { rejection } from './dashboard-client.js';
import { loggedIn } from './invitation-fixtures.js';

const ROLE_NOT_ALLOWED = { code: 'FORBIDDEN', message: 'Your role in this workspace does not allow this' };
const WORKSPACE_NOT_FOUND = { code: 'NOT_FOUND', message: 'Workspace not found' };

test("workspace.delete: the owner alone deletes a team workspace by its typed name; members' next requests are back home, its key is refused", async () => {
  const { app } = await buildTestApp();
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await loggedIn(address, 'owner');
  const others = {
    admin: await loggedIn(address, 'admin'),
    member: await loggedIn(address, 'member'),
    viewer: await loggedIn(address, 'viewer'),
  };
  const outsider = await loggedIn(address, 'outsider');
  const team = await owner.client.workspace.create.mutate({ name: 'Doomed' });
  await owner.client.workspace.switch.mutate({ workspaceId: team.id });
  const form = await createForm({
    config: testCoreConfig,
    userId: team.id,
    input: { name: 'Doomed form', formType: 'contact', fields: [] },
  });
  const { key } = await createApiKey({ userId: team.id, name: 'doomed key' });
  const readWithKey = () =>
    app.inject({ method: 'GET', url: '/api/v1/workspace', headers: { 'x-api-key': key } });
  for (const [role, other] of Object.entries(others)) {
    await addMember({ actor: { userId: owner.user.id }, workspaceId: team.id, email: other.email, role });
    await other.client.workspace.switch.mutate({ workspaceId: team.id });
  }
  expect((await others.member.client.forms.list.query({})).forms.map((each) => each.id)).toEqual([form.id]);
  // A replica's copy of the key's authentication, made before the deletion.
  expect((await readWithKey()).statusCode).toBe(200);

  // Refused, nothing deleted: lower roles (403), a non-member (404, as an unknown id), the owner's
  // personal workspace (409), a name that is not the workspace's (400).
  const byName = { workspaceId: team.id, confirmName: 'Doomed' };
  for (const other of Object.values(others)) {
    expect(await rejection(other.client.workspace.delete.mutate(byName))).toEqual(ROLE_NOT_ALLOWED);
  }
  expect(await rejection(outsider.client.workspace.delete.mutate(byName))).toEqual(WORKSPACE_NOT_FOUND);
  expect(
    await rejection(
      owner.client.workspace.delete.mutate({
        workspaceId: owner.user.id,
        confirmName: `${owner.email}'s workspace`,
      }),
    ),
  ).toEqual({
    code: 'CONFLICT',
    message: 'A personal workspace goes only with its account: delete the account instead',
  });
  expect(
    await rejection(owner.client.workspace.delete.mutate({ workspaceId: team.id, confirmName: 'doomed' })),
  ).toEqual({ code: 'BAD_REQUEST', message: 'Type the workspace name exactly to confirm the deletion' });
  expect((await others.viewer.client.forms.get.query({ formId: form.id })).id).toBe(form.id);

  const deleted = await owner.client.workspace.delete.mutate(byName);
  expect(deleted).toMatchObject({
    id: team.id,
    deleted: true,
    removed: { workspaces: 1, workspace_members: 4, forms: 1, api_keys: 1 },
  });

  // Each member's very next request acts in their personal workspace, without an error; the team's
  // ids are unknown, and the switcher no longer lists it.
  for (const other of Object.values(others)) {
    expect((await other.client.workspace.get.query()).id).toBe(other.user.id);
    expect(await rejection(other.client.forms.get.query({ formId: form.id }))).toEqual({
      code: 'NOT_FOUND',
      message: 'Form not found',
    });
    const listed = await other.client.workspace.list.query();
    expect(listed.workspaces.map((workspace) => workspace.id)).toEqual([other.user.id]);
    expect(listed.current).toMatchObject({ id: other.user.id, role: 'owner' });
    expect(await rejection(other.client.workspace.switch.mutate({ workspaceId: team.id }))).toEqual(
      WORKSPACE_NOT_FOUND,
    );
  }
  expect((await owner.client.workspace.get.query()).id).toBe(owner.user.id);
  // The key's copy died with the workspace.
  expect((await readWithKey()).statusCode).toBe(401);
  // Deleting it again: it is unknown now.
  expect(await rejection(owner.client.workspace.delete.mutate(byName))).toEqual(WORKSPACE_NOT_FOUND);
});
