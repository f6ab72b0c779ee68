import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { MongoClient } from 'mongodb';
import { afterAll, expect, test } from 'vitest';
import { startEmbeddedMongo } from '../../src/index.js';
import { dumpAll } from './driver-dump.js';
import { makeDbPath } from './helpers.js';

const script = fileURLToPath(new URL('./driver-ops-writer.ts', import.meta.url));
const packageDir = fileURLToPath(new URL('../..', import.meta.url));

const cleanups: Array<() => Promise<void>> = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
});

/** Runs the writer until it printed its dump, then SIGKILLs it; returns the dump. */
async function writeAndKill(dbPath: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, dbPath], {
    cwd: packageDir,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  let output = '';
  child.stdout.setEncoding('utf8');
  const dumped = new Promise<string>((resolve) => {
    child.stdout.on('data', (chunk: string) => {
      output += chunk;
      const match = /^dump (.*)\n/m.exec(output);
      if (match?.[1]) resolve(match[1]);
    });
  });
  const dump = await Promise.race([dumped, exited.then(() => '')]);
  child.kill('SIGKILL');
  await exited;
  return dump;
}

test('every kind of write command survives a SIGKILL of the engine, types and indexes included', async () => {
  const { dbPath, cleanup } = await makeDbPath('driver-restart');
  cleanups.push(cleanup);
  const before = await writeAndKill(dbPath);
  expect(before).toContain('shop.orders');

  const server = await startEmbeddedMongo({ dbPath });
  const client = await MongoClient.connect(server.uri);
  try {
    const after = await dumpAll(client);
    expect(JSON.parse(after)).toEqual(JSON.parse(before));
    expect(after).not.toContain('scratch');
    expect(after).not.toContain('shop.tmp');
  } finally {
    await client.close();
    await server.stop();
  }
});
