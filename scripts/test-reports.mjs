// Finds and adds up the vitest JSON reports that each package writes to test-results/.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export function collectReports() {
  const reports = [];
  for (const group of ['apps', 'packages', 'tooling']) {
    for (const name of readdirSync(join(root, group))) {
      const dir = join(root, group, name, 'test-results');
      if (!existsSync(dir)) continue;
      for (const file of readdirSync(dir)) {
        if (file.endsWith('.json')) reports.push(join(dir, file));
      }
    }
  }

  return reports;
}

/** Passed, failed and skipped tests; a test file that failed to load counts as one failure. */
export function countResults(reports) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const report of reports) {
    const json = JSON.parse(readFileSync(report, 'utf8'));
    passed += json.numPassedTests ?? 0;
    failed += json.numFailedTests ?? 0;
    skipped += (json.numPendingTests ?? 0) + (json.numTodoTests ?? 0);
    for (const file of json.testResults ?? []) {
      const anyFailedTest = (file.assertionResults ?? []).some((test) => test.status === 'failed');
      if (file.status === 'failed' && !anyFailedTest) failed += 1;
    }
  }

  return { passed, failed, skipped };
}
