import { randomBytes } from 'node:crypto';

import { authenticateApiKey, ErrorMessages, workspaceMemberOf } from '@formwell/core';
import { connectDatabase, disconnectDatabase } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';

import { runFormwell, type TRun } from './test/run-formwell.js';

let uri = '';

beforeAll(async () => {
  uri = testMongoUri('cli_workspaces');
  await connectDatabase({ uri });
});

afterAll(async () => {
  await disconnectDatabase();
});

function formwell(...args: string[]): Promise<TRun> {
  return runFormwell(uri, ...args);
}

async function ok<T>(...args: string[]): Promise<T> {
  const run = await formwell(...args);
  expect(run, run.stderr).toMatchObject({ code: 0 });

  return JSON.parse(run.stdout) as T;
}

const email = (label: string) => `${label}-${randomBytes(4).toString('hex')}@example.com`;

type TUser = { id: string; email: string; plan: string };

describe('formwell workspace / member commands', () => {
  test('a team workspace: create, add a member, both see it with their roles; keys and forms by --workspace', async () => {
    const ownerEmail = email('owner');
    const owner = await ok<TUser>('user', 'create', '--email', ownerEmail);
    const colleague = await ok<TUser>('user', 'create', '--email', email('colleague'));

    const team = await ok<{ id: string; name: string; plan: string }>(
      'workspace',
      'create',
      '--user',
      owner.id,
      '--name',
      'Acme team',
    );
    expect(team.id).toMatch(/^[0-9a-f]{24}$/);
    expect(team).toEqual({ id: team.id, name: 'Acme team', plan: 'FREE' });
    // A new workspace gets a fresh id; the personal one has the user's id.
    expect(team.id).not.toBe(owner.id);

    expect(
      await ok('member', 'add', '--workspace', team.id, '--email', colleague.email, '--role', 'member'),
    ).toEqual({ workspaceId: team.id, userId: colleague.id, role: 'member' });

    expect(await ok('workspace', 'list', '--user', owner.id)).toEqual({
      workspaces: [
        { id: owner.id, name: `${ownerEmail}'s workspace`, plan: 'FREE', role: 'owner' },
        { id: team.id, name: 'Acme team', plan: 'FREE', role: 'owner' },
      ],
    });
    expect(await ok('workspace', 'list', '--user', colleague.id)).toEqual({
      workspaces: [
        { id: colleague.id, name: `${colleague.email}'s workspace`, plan: 'FREE', role: 'owner' },
        { id: team.id, name: 'Acme team', plan: 'FREE', role: 'member' },
      ],
    });
    const all = await ok<{ workspaces: { id: string; role?: string }[] }>('workspace', 'list');
    expect(all.workspaces.map((workspace) => workspace.id)).toEqual(
      expect.arrayContaining([owner.id, colleague.id, team.id]),
    );
    expect(all.workspaces.every((workspace) => workspace.role === undefined)).toBe(true);

    const form = await ok<{ id: string; name: string }>(
      'form',
      'create',
      '--workspace',
      team.id,
      '--name',
      'Team form',
      '--type',
      'contact',
      '--fields',
      '[]',
    );
    const key = await ok<{ key: string }>('key', 'create', '--workspace', team.id, '--name', 'team key');
    const authenticated = await authenticateApiKey({ key: key.key });
    expect(authenticated.user).toEqual({ id: team.id, plan: 'FREE', quotaLimit: 200 });

    const teamForms = await ok<{ forms: { id: string }[]; nextCursor: null }>(
      'form',
      'list',
      '--workspace',
      team.id,
    );
    expect(teamForms.forms.map((item) => item.id)).toEqual([form.id]);
    expect(teamForms.nextCursor).toBeNull();
    // The owner's personal workspace holds none of the team's forms.
    expect(await ok('form', 'list', '--user', owner.id)).toEqual({ forms: [], nextCursor: null });

    // Removal: the member's very next check finds no membership (404, as an unknown workspace);
    // the key the team made stays, since keys belong to the workspace.
    expect(await ok('member', 'remove', '--workspace', team.id, '--user', colleague.id)).toEqual({
      workspaceId: team.id,
      userId: colleague.id,
      removed: true,
    });
    const refused = await workspaceMemberOf({ userId: colleague.id, workspaceId: team.id }).catch(
      (error: unknown) => error,
    );
    expect(refused).toMatchObject({ code: 'NOT_FOUND', message: 'Workspace not found' });
    expect((await authenticateApiKey({ key: key.key })).user.id).toBe(team.id);
  });

  test('workspace delete: a team workspace goes with its forms, keys and members; a wrong name or a personal workspace is refused', async () => {
    const owner = await ok<TUser>('user', 'create', '--email', email('owner'));
    const colleague = await ok<TUser>('user', 'create', '--email', email('colleague'));
    const team = await ok<{ id: string }>('workspace', 'create', '--user', owner.id, '--name', 'Gone team');
    await ok('member', 'add', '--workspace', team.id, '--email', colleague.email, '--role', 'admin');
    await ok('form', 'create', '--workspace', team.id, '--name', 'Team form', '--type', 'contact');
    const key = await ok<{ key: string }>('key', 'create', '--workspace', team.id, '--name', 'team key');
    const personalForm = await ok<{ id: string }>(
      'form',
      'create',
      '--user',
      owner.id,
      '--name',
      'Kept form',
      '--type',
      'contact',
    );

    // A wrong name: an input mistake (exit 2), nothing deleted.
    const wrong = await formwell('workspace', 'delete', '--workspace', team.id, '--confirm', 'gone team');
    expect(wrong).toMatchObject({
      code: 2,
      stderr: 'formwell: Type the workspace name exactly to confirm the deletion\n',
    });
    expect((await ok<{ forms: unknown[] }>('form', 'list', '--workspace', team.id)).forms).toHaveLength(1);
    // A personal workspace goes only with its account: a refusal of a valid request (exit 1).
    const personal = await formwell(
      'workspace',
      'delete',
      '--workspace',
      owner.id,
      '--confirm',
      `${owner.email}'s workspace`,
    );
    expect(personal).toMatchObject({
      code: 1,
      stderr: 'formwell: A personal workspace goes only with its account: delete the account instead\n',
    });
    const missing = await formwell('workspace', 'delete', '--workspace', team.id);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--confirm');

    const deleted = await ok<{ id: string; deleted: true; removed: Record<string, number> }>(
      'workspace',
      'delete',
      '--workspace',
      team.id,
      '--confirm',
      'Gone team',
    );
    expect(deleted).toMatchObject({
      id: team.id,
      deleted: true,
      removed: { workspaces: 1, workspace_members: 2, forms: 1, api_keys: 1, users: 0 },
    });
    // Gone for everyone: the member, the key, the CLI itself; the owner's own data stays.
    expect(await ok('workspace', 'list', '--user', colleague.id)).toEqual({
      workspaces: [{ id: colleague.id, name: `${colleague.email}'s workspace`, plan: 'FREE', role: 'owner' }],
    });
    await expect(authenticateApiKey({ key: key.key })).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    const again = await formwell('workspace', 'delete', '--workspace', team.id, '--confirm', 'Gone team');
    expect(again).toMatchObject({ code: 1, stderr: 'formwell: Workspace not found\n' });
    expect(
      (await ok<{ forms: { id: string }[] }>('form', 'list', '--user', owner.id)).forms.map(
        (form) => form.id,
      ),
    ).toEqual([personalForm.id]);
  });

  test('refusals: owner role by add, the owner removed, a member twice, unknown ids, both tenant options', async () => {
    const owner = await ok<TUser>('user', 'create', '--email', email('owner'));
    const other = await ok<TUser>('user', 'create', '--email', email('other'));

    const asOwner = await formwell(
      'member',
      'add',
      '--workspace',
      owner.id,
      '--email',
      other.email,
      '--role',
      'owner',
    );
    expect(asOwner.code).not.toBe(0);
    expect(asOwner.stderr).toMatch(/admin|member|viewer/);

    await ok('member', 'add', '--workspace', owner.id, '--email', other.email, '--role', 'viewer');
    const twice = await formwell(
      'member',
      'add',
      '--workspace',
      owner.id,
      '--email',
      other.email,
      '--role',
      'admin',
    );
    expect(twice.code).not.toBe(0);
    expect(twice.stderr).toContain('This user is already a member of the workspace');

    const ownerRemoved = await formwell('member', 'remove', '--workspace', owner.id, '--user', owner.id);
    expect(ownerRemoved.code).not.toBe(0);
    expect(ownerRemoved.stderr).toContain(
      'The owner cannot leave or be removed: transfer the ownership first',
    );

    const unknown = '0123456789abcdef01234567';
    const noWorkspace = await formwell('form', 'list', '--workspace', unknown);
    expect(noWorkspace.code).not.toBe(0);
    expect(noWorkspace.stderr).toContain('Workspace not found');
    // Removing from a workspace that does not exist names the workspace, not a missing member.
    const removeFromNone = await formwell('member', 'remove', '--workspace', unknown, '--user', other.id);
    expect({ code: removeFromNone.code, stderr: removeFromNone.stderr }).toEqual({
      code: 1,
      stderr: 'formwell: Workspace not found\n',
    });
    // --user keeps the answer it always had.
    const noUser = await formwell('key', 'create', '--user', unknown, '--name', 'k');
    expect(noUser.code).not.toBe(0);
    expect(noUser.stderr).toContain('User not found');
    const both = await formwell('form', 'list', '--workspace', owner.id, '--user', owner.id);
    expect(both.code).not.toBe(0);
    expect(both.stderr).toContain('give either --workspace or --user, not both');
  });
  test("user set-plan --user refuses a team workspace's id (exit 2, nothing changed); --workspace sets a team's plan", async () => {
    const owner = await ok<TUser>('user', 'create', '--email', email('plan-owner'));
    const team = await ok<{ id: string }>('workspace', 'create', '--user', owner.id, '--name', 'Plan team');

    const refused = await formwell('user', 'set-plan', '--user', team.id, '--plan', 'PRO');
    expect({ code: refused.code, stdout: refused.stdout, stderr: refused.stderr.trim() }).toEqual({
      code: 2,
      stdout: '',
      stderr: `formwell: ${ErrorMessages.TEAM_WORKSPACE_NOT_USER}`,
    });
    const plans = async () =>
      (
        await ok<{ workspaces: { id: string; plan: string }[] }>('workspace', 'list', '--user', owner.id)
      ).workspaces.map(({ id, plan }) => [id, plan]);
    expect(await plans()).toEqual([
      [owner.id, 'FREE'],
      [team.id, 'FREE'],
    ]);

    expect(await ok('user', 'set-plan', '--workspace', team.id, '--plan', 'STANDARD')).toEqual({
      id: team.id,
      plan: 'STANDARD',
      quotaLimit: 5000,
    });
    expect(await ok('user', 'set-plan', '--user', owner.id, '--plan', 'PRO')).toEqual({
      id: owner.id,
      plan: 'PRO',
      quotaLimit: 10000,
    });
    expect(await plans()).toEqual([
      [owner.id, 'PRO'],
      [team.id, 'STANDARD'],
    ]);
    const both = await formwell(
      'user',
      'set-plan',
      '--user',
      owner.id,
      '--workspace',
      team.id,
      '--plan',
      'PRO',
    );
    expect([both.code, both.stdout]).toEqual([2, '']);
  });
});
