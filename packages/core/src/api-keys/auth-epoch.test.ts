import { expect, test } from 'vitest';

import {
  AuthEpochBumpError,
  bumpAuthEpoch,
  registerAuthEpochStore,
  requireAuthEpochStore,
} from './auth-epoch.js';

// One file, one module instance: the tests run in order and share the process-wide registration.

test('a process that declared nothing and registered nothing bumps nothing (it runs no cache)', async () => {
  await expect(bumpAuthEpoch('u1')).resolves.toBeUndefined();
});

test('a server or CLI process with no registered connection refuses the bump loudly', async () => {
  requireAuthEpochStore();

  const error = await bumpAuthEpoch('u1').catch((caught: unknown) => caught);

  expect(error).toBeInstanceOf(AuthEpochBumpError);
  expect(String((error as Error).cause)).toContain('no Redis connection is registered');
});

test('with a connection registered the bump writes a fresh epoch through it', async () => {
  const writes: string[] = [];
  const unregister = registerAuthEpochStore({
    set: (key, value) => {
      writes.push(`${key}=${value}`);

      return Promise.resolve('OK');
    },
  });
  try {
    await bumpAuthEpoch('u1');
    await bumpAuthEpoch('u1');
  } finally {
    unregister();
  }

  expect(writes).toHaveLength(2);
  expect(writes[0]).toMatch(/^formwell:auth:\{u:u1\}:epoch=/);
  expect(new Set(writes).size).toBe(2);
});
