// `npm test` after bootstrap: lint, workspace checks (sherif, the catalog, prettier, and knip for
// unused files, exports and dependencies), typecheck, unit tests, then integration tests. Every
// stage runs even when another one failed, so one run shows every problem; the last line is the
// total over the whole run, `N passed, N failed`, where a failed stage that reports no test count
// (lint, typecheck, a suite that could not load) counts as one failure.
//
// The stages overlap, because the run is bounded by CPU time on a small machine and no stage reads
// what another writes: ESLint and the workspace checks each keep one core busy, and the longest
// chain of the run, the server's integration tests, would otherwise start only after every check.
// So the checks (lint, workspace checks, typecheck and unit tests) run side by side with the
// server's and the CLI's integration tests, and the other packages' integration tests start when
// the checks and the CLI's are done.
// The checks' output is held back and printed whole when each finishes, so the integration lane's
// stream stays readable.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

import { shareCompileCache } from '../tooling/vitest/src/compile-cache.js';
import { collectReports, countResults } from './test-reports.mjs';

const USAGE = `usage: npm test   lint, typecheck, unit and integration tests of every package (about 15 min on 2 cores)

One package's tests (pnpm is in .tools/node_modules/.bin after the first npm start or npm test):
  pnpm --filter @formwell/core test               unit tests (*.test.ts, no services)
  pnpm --filter @formwell/core test:integration   integration tests (a private redis-server and engine)
  cd apps/server && pnpm exec vitest run --config vitest.integration.config.ts test/<path>   one file`;

// The whole run takes a quarter of an hour, so an argument it does not take (a package name, a
// vitest option) stops it with the usage rather than being ignored while everything runs.
const args = process.argv.slice(2);
if (args.includes('--help') || args.includes('-h')) {
  console.log(USAGE);
  process.exit(0);
}
if (args.length > 0) {
  process.stderr.write(`formwell: npm test takes no arguments (got ${args.join(' ')})\n${USAGE}\n`);
  process.exit(2);
}

const checks = [
  {
    name: 'lint',
    // One ESLint run with the packages' rules; eslint.check.config.js says why.
    lanes: [['run', 'lint:packages']],
    countsTests: false,
  },
  { name: 'workspace checks', lanes: [['run', 'lint:workspace']], countsTests: false },
  {
    name: 'typecheck',
    // Every Node package in one program (tsconfig.check.json: shared sources checked once, not once
    // per package that imports them), beside the dashboard and @formwell/react, which have options of their own (DOM, JSX).
    lanes: [
      ['run', 'typecheck:node'],
      [
        'turbo',
        'run',
        'typecheck',
        '--filter=@formwell/admin',
        '--filter=@formwell/react',
        '--output-logs=errors-only',
      ],
    ],
    countsTests: false,
  },
  {
    name: 'unit tests',
    lanes: [['turbo', 'run', 'test', '--continue', '--output-logs=errors-only']],
    countsTests: true,
  },
];

// Integration tests run as three turbo runs: most of an integration run waits on child processes,
// Redis and the engine, so other packages fill the idle time. The server's run, the longest chain,
// and the CLI's start with the checks; the other packages start once the checks and the CLI are
// done. Each package run starts its own redis-server and engine on free ports; the CLI's and the
// server's tests both build into the repository's dist/ folders, under a lock that spans runs
// (@formwell/vitest-config/test-locks).
const integrationRun = (filters) => [
  'turbo',
  'run',
  'test:integration',
  ...filters,
  '--continue',
  '--concurrency=1',
  '--output-logs=full',
];
const serverRun = integrationRun(['--filter=@formwell/server']);
const cliRun = integrationRun(['--filter=@formwell/cli']);
const otherRun = integrationRun(['--filter=!@formwell/server', '--filter=!@formwell/cli']);

/**
 * Runs `pnpm args`; resolves to its exit status (1 when it could not start). With `held`, its
 * output is collected into `held.output` instead of going to this terminal.
 */
function run(args, held) {
  return new Promise((resolvePromise) => {
    const child = spawn('pnpm', args, { stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (held) {
      const keep = (chunk) => held.output.push(chunk);
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
    }
    child.on('error', () => resolvePromise(1));
    child.on('close', (status) => resolvePromise(status ?? 1));
  });
}

const failedStages = [];

function finish(name, started, statuses, countsTests) {
  const passed = statuses.every((status) => status === 0);
  process.stderr.write(
    `formwell: ${name} ${passed ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (!passed) {
    failedStages.push({ name, countsTests });
  }
}

/** A check with its output held back, printed whole (with its result line) when it ends. */
async function runCheck({ name, lanes, countsTests }) {
  const started = Date.now();
  const held = { output: [] };
  const statuses = await Promise.all(lanes.map((args) => run(args, held)));
  process.stderr.write(`\nformwell: ${name} output:\n`);
  process.stderr.write(Buffer.concat(held.output));
  finish(name, started, statuses, countsTests);
}

for (const report of collectReports()) {
  rmSync(report, { force: true });
}
// Every Node process of the run (tsc, ESLint, vitest workers, the programs the tests start) shares
// one compile cache of the dependencies they all load.
shareCompileCache();

const started = Date.now();
process.stderr.write(
  `\nformwell: ${checks.map((check) => check.name).join(', ')} and integration tests (server, CLI) ...\n`,
);
const server = run(serverRun);
const cli = run(cliRun);
await Promise.all(checks.map(runCheck));
const cliStatus = await cli;
process.stderr.write('\nformwell: integration tests (the other packages) ...\n');
const statuses = [cliStatus, ...(await Promise.all([server, run(otherRun)]))];
finish('integration tests', started, statuses, true);
process.stderr.write(`formwell: whole run in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);

const { passed, failed, skipped } = countResults(collectReports());
const failedWithoutCount = failedStages.filter((stage) => !stage.countsTests || failed === 0).length;
const totalFailed = failed + failedWithoutCount;
if (failedStages.length > 0) {
  process.stderr.write(`formwell: failed stages: ${failedStages.map((stage) => stage.name).join(', ')}\n`);
}
const summary = `${passed} passed, ${totalFailed} failed${skipped > 0 ? `, ${skipped} skipped` : ''}`;
// .ci/run repeats this line last, after anything npm prints on a failure.
mkdirSync('test-results', { recursive: true });
writeFileSync('test-results/summary.txt', `${summary}\n`);
console.log(summary);
process.exit(failedStages.length > 0 || totalFailed > 0 ? 1 : 0);
