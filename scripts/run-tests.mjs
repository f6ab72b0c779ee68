// `npm test` after bootstrap: lint, workspace checks (sherif, the catalog, prettier, and knip for
// unused files, exports and dependencies), typecheck, unit tests, then integration tests (one
// package at a time: each starts its own redis-server and embedded engine, and the machine has 2 cores).
// Every stage runs even when an earlier one failed, so one run shows every problem; the last line
// is the total over the whole run, `N passed, N failed`, where a failed stage that reports no test
// counts (lint, typecheck, a suite that could not load) counts as one failure.
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';

import { collectReports, countResults } from './test-reports.mjs';

const stages = [
  {
    name: 'lint',
    args: ['turbo', 'run', 'lint', '--continue', '--output-logs=errors-only'],
    countsTests: false,
  },
  { name: 'workspace checks', args: ['run', 'lint:workspace'], countsTests: false },
  {
    name: 'typecheck',
    args: ['turbo', 'run', 'typecheck', '--continue', '--output-logs=errors-only'],
    countsTests: false,
  },
  {
    name: 'unit tests',
    args: ['turbo', 'run', 'test', '--continue', '--output-logs=errors-only'],
    countsTests: true,
  },
  {
    name: 'integration tests',
    args: ['turbo', 'run', 'test:integration', '--continue', '--concurrency=1', '--output-logs=full'],
    countsTests: true,
  },
];

for (const report of collectReports()) {
  rmSync(report, { force: true });
}

const failedStages = [];
for (const stage of stages) {
  process.stderr.write(`\nformwell: ${stage.name} ...\n`);
  const started = Date.now();
  const { status } = spawnSync('pnpm', stage.args, { stdio: 'inherit' });
  process.stderr.write(
    `formwell: ${stage.name} ${status === 0 ? 'passed' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  if (status !== 0) {
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
