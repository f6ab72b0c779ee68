import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { MongoClient } from 'mongodb';
import { RawWire } from './helpers/raw-wire.js';

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

  test('--max-connections caps clients: the one over the cap is closed without a reply', async () => {
    const child = spawn(
      tsx,
      ['--conditions=@formwell/source', 'src/cli.ts', '--port', '0', '--max-connections', '1'],
      { cwd: pkgDir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (d: string) => {
          out += d;
          const m = /mongodb:\/\/127\.0\.0\.1:(\d+)\//.exec(out);
          if (m) resolve(Number(m[1]));
        });
        child.once('exit', (code) => reject(new Error(`exited early with ${String(code)}`)));
      });
      const first = await RawWire.open(port);
      first.opMsg({ ping: 1, $db: 'admin' });
      expect((await first.read()).doc.ok).toBe(1);
      const second = await RawWire.open(port);
      let received = 0;
      second.socket.on('data', (d: Buffer) => (received += d.length));
      await once(second.socket, 'close');
      expect(received).toBe(0);
      first.close();
    } finally {
      child.kill('SIGTERM');
      await once(child, 'exit');
    }
  });

  test.each([
    ['--max-connections', '0'],
    ['--idle-timeout-ms', '-5'],
    ['--idle-timeout-ms', 'soon'],
  ])('refuses %s %s with exit code 2', async (flag, value) => {
    const child = spawn(tsx, ['src/cli.ts', '--port', '0', flag, value], { cwd: pkgDir, stdio: 'ignore' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
  });

  test('refuses unknown flags with exit code 2', async () => {
    const child = spawn(tsx, ['src/cli.ts', '--bogus'], { cwd: pkgDir, stdio: 'ignore' });
    const [code] = (await once(child, 'exit')) as [number | null];
    expect(code).toBe(2);
  });
});
