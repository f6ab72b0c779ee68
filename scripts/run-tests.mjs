// `npm test` after bootstrap: lint, workspace checks (sherif, the catalog, prettier, and knip for
// unused files, exports and dependencies), typecheck, unit tests, then integration tests. Every
// stage runs even when an earlier one failed, so one run shows every problem; the last line
// is the total over the whole run, `N passed, N failed`, where a failed stage that reports no test
// counts (lint, typecheck, a suite that could not load) counts as one failure.
import { spawn } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

import { collectReports, countResults } from './test-reports.mjs';

const stages = [
  {
    name: 'lint',
    // One ESLint run with the packages' rules; eslint.check.config.js says why.
    args: ['run', 'lint:packages'],
    countsTests: false,
  },
  { name: 'workspace checks', args: ['run', 'lint:workspace'], countsTests: false },
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
    args: ['turbo', 'run', 'test', '--continue', '--output-logs=errors-only'],
    countsTests: true,
  },
  {
    name: 'integration tests',
    // Two lanes side by side: most of an integration run waits on child processes, Redis and the
    // engine, so a second package fills the idle time. The CLI and the server build into the
    // repository's dist/ folders in their tests (the CLI's global setup, the server's start-command
    // and artefact tests), so they share one lane and never build at the same time; every other
    // package reads only sources and runs in the other lane. Each package run starts its own
    // redis-server and engine on free ports, so the lanes share nothing.
    lanes: [
      ['--filter=@formwell/server', '--filter=@formwell/cli'],
      ['--filter=!@formwell/server', '--filter=!@formwell/cli'],
    ].map((filters) => [
      'turbo',
      'run',
      'test:integration',
      ...filters,
      '--continue',
      '--concurrency=1',
      '--output-logs=full',
    ]),
    countsTests: true,
  },
];

/** Runs a command with this terminal; resolves to its exit status (1 when it could not start). */
function run(command, args) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { stdio: 'inherit' });
    child.on('error', () => resolvePromise(1));
    child.on('close', (status) => resolvePromise(status ?? 1));
  });
}

for (const report of collectReports()) {
  rmSync(report, { force: true });
}

const failedStages = [];
for (const stage of stages) {
  process.stderr.write(`\nformwell: ${stage.name} ...\n`);
  const started = Date.now();
  const statuses = await Promise.all((stage.lanes ?? [stage.args]).map((args) => run('pnpm', args)));
  const stagePassed = statuses.every((status) => status === 0);
  process.stderr.write(
    `formwell: ${stage.name} ${stagePassed ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (!stagePassed) {
    failedStages.push(stage);
  }
}

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
