import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { MongoClient } from 'mongodb';

const pkgDir = fileURLToPath(new URL('..', import.meta.url));
const tsx = fileURLToPath(new URL('../node_modules/.bin/tsx', import.meta.url));

describe('embedded-mongo CLI', () => {
  test('prints the URI, serves clients and exits 0 on SIGTERM', async () => {
    const child = spawn(tsx, ['--conditions=@formwell/source', 'src/cli.ts', '--port', '0'], {
      cwd: pkgDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.setEncoding('utf8');
    const uri = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (d: string) => {
        out += d;
        const m = /mongodb:\/\/127\.0\.0\.1:\d+\//.exec(out);
        if (m) resolve(m[0]);
      });
      child.once('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
    });
    const client = await MongoClient.connect(uri);
    await client.db('cli').collection('c').insertOne({ a: 1 });
    expect(await client.db('cli').collection('c').countDocuments()).toBe(1);
    await client.close();
    child.kill('SIGTERM');
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(0);
  });

  test('refuses unknown flags with exit code 2', async () => {
    const child = spawn(tsx, ['src/cli.ts', '--bogus'], { cwd: pkgDir, stdio: 'ignore' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
  });
});
