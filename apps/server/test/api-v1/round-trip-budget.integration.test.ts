import { ApiKeyModel, FormModel } from '@formwell/db';
import { testMongoUri } from '@formwell/vitest-config/services';
import type { FastifyInstance } from 'fastify';
import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';
import { createOwner, createTestForm } from './helpers/fixtures.js';
import { call } from './helpers/http.js';

/**
 * The round trips one request costs on its request path, counted (not timed): MongoDB commands
 * through the driver's command monitoring, Redis commands as the server's connection sends them.
 *
 * The one write that runs once the response is sent, the coalesced `lastUsedAt` of an API key, is
 * counted apart, by its shape. A submit writes its analytics in its own one command, before the
 * 201, so any analytics write shows up on the request path.
 */

type TCommand = { name: string; collection: string; after: boolean };

/** Whether a MongoDB command is the after-response write (by its shape, not its timing). */
function isAfterResponseWrite(name: string, command: Record<string, unknown>): boolean {
  if (name !== 'update') {
    return false;
  }

  return (
    command.update === ApiKeyModel.collection.collectionName &&
    JSON.stringify(command.updates ?? []).includes('"lastUsedAt"')
  );
}

/** The collection a command names, or the collections a `bulkWrite` writes to (its `nsInfo`). */
function collectionsOf(name: string, command: Record<string, unknown>): string {
  if (name === 'bulkWrite' && Array.isArray(command.nsInfo)) {
    return (command.nsInfo as { ns: string }[]).map(({ ns }) => ns.slice(ns.indexOf('.') + 1)).join(' + ');
  }

  return typeof command[name] === 'string' ? String(command[name]) : '';
}

async function budgetApp() {
  const uri = new URL(testMongoUri('budget'));
  // The driver emits commandStarted for every command only when asked at connect time.
  uri.searchParams.set('monitorCommands', 'true');
  const { app } = await buildTestApp({ MONGODB_URI: uri.toString() });
  // The models' background index builds must not land inside a measured request.
  const connection = FormModel.db;
  await Promise.all(Object.values(connection.models).map((model) => model.init()));

  const mongoCommands: TCommand[] = [];
  connection.getClient().on('commandStarted', (event) => {
    const command = event.command as Record<string, unknown>;
    mongoCommands.push({
      name: event.commandName,
      collection: collectionsOf(event.commandName, command),
      after: isAfterResponseWrite(event.commandName, command),
    });
  });
  const redisCommands: string[] = [];
  const redis = app.redis as unknown as { sendCommand(command: { name: string }): unknown };
  const send = redis.sendCommand.bind(redis);
  redis.sendCommand = (command) => {
    redisCommands.push(command.name);

    return send(command);
  };

  /** The commands one request sends before its response (after-response writes apart). */
  const measure = async (request: () => Promise<{ statusCode: number }>, status: number) => {
    mongoCommands.length = 0;
    redisCommands.length = 0;
    const response = await request();
    expect(response.statusCode).toBe(status);
    const onPath = mongoCommands.filter((command) => !command.after);

    return {
      mongo: onPath.length,
      redis: redisCommands.length,
      mongoCommands: onPath.map((command) => `${command.name} ${command.collection}`),
      redisCommands: [...redisCommands],
    };
  };

  return { app, measure };
}

async function ownerWithForm() {
  const owner = await createOwner();
  // No side effect to hand off: the owner's notification (on by default on PRO) would add the
  // queue's own commands to the submit's count.
  const form = await createTestForm(owner.userId, {
    settings: { usersJoined: { enabled: true } },
    emailSettings: { developerNotificationsEnabled: false },
  });

  return { owner, form };
}

const requests = (app: FastifyInstance, key: string, formId: string) => ({
  getForm: () => call(app, { method: 'GET', url: `/api/v1/forms/${formId}`, key }),
  usersJoined: () => call(app, { method: 'GET', url: `/api/v1/forms/${formId}/users-joined`, key }),
  list: () => call(app, { method: 'GET', url: '/api/v1/forms/list', key }),
  submit: () =>
    call(app, {
      method: 'POST',
      url: '/api/v1/forms/submit',
      key,
      payload: { formId, data: { email: 'ada@example.com', message: 'hello' } },
    }),
});

describe('round trips per request, with the key known to this server', () => {
  test('GET form, users-joined and the forms list: 1 MongoDB + 1 Redis', async () => {
    const { app, measure } = await budgetApp();
    const { owner, form } = await ownerWithForm();
    const send = requests(app, owner.key, form.id);
    // Two requests make the key known: the first reads it, the second verifies that read.
    await send.list();
    await send.list();

    // The Form's spamCount is two counters on the form itself.
    expect(await measure(send.getForm, 200)).toEqual({
      mongo: 1,
      redis: 1,
      mongoCommands: ['find forms'],
      redisCommands: ['evalsha'],
    });
    expect(await measure(send.usersJoined, 200)).toEqual({
      mongo: 1,
      redis: 1,
      mongoCommands: ['find forms'],
      redisCommands: ['evalsha'],
    });
    expect(await measure(send.list, 200)).toEqual({
      mongo: 1,
      redis: 1,
      mongoCommands: ['find forms'],
      redisCommands: ['evalsha'],
    });
  });

  test('submit: 1 MongoDB + 1 Redis (quota, insert, the form count and the analytics in one bulkWrite; the form from the copy)', async () => {
    const { app, measure } = await budgetApp();
    const { owner, form } = await ownerWithForm();
    const send = requests(app, owner.key, form.id);
    await send.list();
    await send.list();

    // The first submit reads the form into this server's copy, and the workspace's spam model (kept
    // 30 s, absent or not, as the key's copy is).
    const first = await measure(send.submit, 201);
    expect(first.mongoCommands).toEqual([
      'find forms',
      'find spam_models',
      'bulkWrite monthly_usage + submissions + forms + form_stats + form_stats_quarters + form_stats_days',
    ]);
    const counted = await measure(send.submit, 201);
    expect({ mongo: counted.mongo, redis: counted.redis, redisCommands: counted.redisCommands }).toEqual({
      mongo: 1,
      redis: 1,
      redisCommands: ['evalsha'],
    });
    // The form's submissionCount and the analytics are the bulkWrite's last writes: nothing follows
    // after the response.
    expect(counted.mongoCommands).toEqual([
      'bulkWrite monthly_usage + submissions + forms + form_stats + form_stats_quarters + form_stats_days',
    ]);
  });
});

describe('round trips while a key becomes known', () => {
  test('first: bad-key check (one script), key, workspace, owner, then limit; second: verified again; then the GET alone', async () => {
    const { app, measure } = await budgetApp();
    const { owner, form } = await ownerWithForm();
    const send = requests(app, owner.key, form.id);

    const counts = [];
    for (let index = 0; index < 3; index++) {
      const { mongo, redis } = await measure(send.getForm, 200);
      counts.push({ mongo, redis });
    }

    expect(counts).toEqual([
      // The bad-key check's script (the address's bucket read with Redis's clock) and the limit's
      // script; the key, its workspace, the workspace's owner (the key's user must exist) and the
      // GET form's read.
      { mongo: 4, redis: 2 },
      // The script's epoch was read after the first MongoDB read, so it is read again, once.
      { mongo: 4, redis: 1 },
      { mongo: 1, redis: 1 },
    ]);
  });
});
