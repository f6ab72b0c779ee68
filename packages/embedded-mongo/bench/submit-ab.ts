/**
 * `pnpm bench:submit-ab [engine folder…]`: a submit's one command as the server sends it (its ops
 * in the body, bench/submit-workload.ts) from 16 bare sockets, against a durable engine in its own
 * process, started from each folder given (a `packages/embedded-mongo` with its dependencies;
 * default: this one) in turn, BENCH_AB_ROUNDS (3) times alternately. Prints the engine process's
 * CPU per submit read from /proc (journal, fdatasync and socket system calls included) for
 * BENCH_SUBMITS (3,000) submits after as many unmeasured, and the load average: two engines
 * compared side by side under the same load. BENCH_AB_NODE_ARGS adds Node options (a profile).
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RawClients } from './raw-clients.js';
import { submitWorkloadCommands } from './submit-workload.js';

const SUBMITS = Number(process.env.BENCH_SUBMITS ?? 3000);
const ROUNDS = Number(process.env.BENCH_AB_ROUNDS ?? 3);
const CLIENTS = 16;
const TICKS_PER_SECOND = 100;

async function cpuMsOf(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${String(pid)}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function runEngine(folder: string): Promise<number> {
  const dbPath = await mkdtemp(join(tmpdir(), 'submit-ab-'));
  const child = spawn(
    process.execPath,
    [
      // BENCH_AB_NODE_ARGS: Node options for the engines, e.g. `--cpu-prof --cpu-prof-dir=DIR`.
      ...(process.env.BENCH_AB_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--import',
      'tsx',
      '--conditions=@formwell/source',
      'src/cli.ts',
      '--port',
      '0',
      // BENCH_AB_MEMORY=1: no journal, to tell its share from the rest.
      ...(process.env.BENCH_AB_MEMORY === '1' ? [] : ['--dbpath', dbPath]),
    ],
    { cwd: folder, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  try {
    const uri = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const found = /mongodb:\/\/\S+/.exec(out);
        if (found) resolve(found[0]);
      });
      child.once('exit', (code) => reject(new Error(`engine exited with ${String(code)}`)));
    });
    const sockets = await RawClients.open(uri, CLIENTS);
    const workload = submitWorkloadCommands();
    for (const command of workload.seed) await sockets.command(0, command);
    let next = 0;
    const submits = async () => {
      const end = next + SUBMITS;
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, w) => {
          while (next < end) {
            const { nsInfo, ops } = workload.submit(next++);
            const reply = await sockets.command(w, {
              bulkWrite: 1,
              errorsOnly: false,
              ordered: true,
              ops,
              nsInfo,
              $db: 'admin',
            });
            if (reply.nErrors !== 0) throw new Error(`submit failed: ${JSON.stringify(reply)}`);
          }
        }),
      );
    };
    await submits();
    const pid = child.pid ?? 0;
    const before = await cpuMsOf(pid);
    await submits();
    const usPerSubmit = (((await cpuMsOf(pid)) - before) * 1000) / SUBMITS;
    sockets.close();
    return usPerSubmit;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dbPath, { recursive: true, force: true });
  }
}

const here = fileURLToPath(new URL('..', import.meta.url));
const folders = process.argv.slice(2).filter((a) => a !== '--');
if (folders.length === 0) folders.push(here);
for (let round = 1; round <= ROUNDS; round++) {
  for (const folder of folders) {
    const us = await runEngine(folder);
    console.log(
      `round ${String(round)} ${folder}: ${us.toFixed(0)} µs engine CPU per submit (load average ${loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')})`,
    );
  }
}
