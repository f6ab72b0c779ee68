import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

import AxeBuilder from '@axe-core/playwright';
import { testRunDir } from '@formwell/vitest-config/services';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { repoRoot } from '../../helpers/start-system.js';
import { withTestLock } from '@formwell/vitest-config/test-locks';

const run = promisify(execFile);

/** Where each page's screenshots go: the test run's own output, ignored by git. */
const SCREENSHOT_DIR = join(repoRoot, 'apps/server/test-results/screenshots');

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * The dashboard built from its current sources into the run's scratch folder, so the tests check
 * what the sources say (never a stale apps/admin/dist) and leave a running server's build alone.
 * Built once per run: the first file to ask builds it, the others wait for it and reuse it.
 */
export function buildDashboardForTest(): Promise<string> {
  return withTestLock('dashboard-build', async () => {
    const outDir = join(testRunDir(), 'dashboard');
    if (existsSync(join(outDir, 'index.html'))) {
      return outDir;
    }
    const args = ['--filter', '@formwell/admin', 'exec', 'vite', 'build', '--outDir', outDir];
    // Asynchronous: the lock is refreshed from this process's event loop while vite works.
    await run('pnpm', [...args, '--emptyOutDir', '--logLevel', 'warn'], { cwd: repoRoot }).catch(
      (error: { code?: number; stdout?: string; stderr?: string }) => {
        throw new Error(`the dashboard build failed (exit ${error.code}):\n${error.stdout}\n${error.stderr}`);
      },
    );

    return outDir;
  });
}

/** axe-core's findings that block people (impact serious or critical), by rule and element. */
async function seriousViolations(page: Page): Promise<string[]> {
  // axe never finishes inside a frame sandboxed without scripts (a captured email's HTML body):
  // that one element is left out; the dashboard's own page around it is checked as usual.
  const { violations } = await new AxeBuilder({ page }).exclude('iframe[sandbox=""]').analyze();

  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Checks one dashboard page the way every page must pass: no serious or critical accessibility
 * finding in light or dark mode, and nothing wider than a phone's screen; saves its screenshots at
 * desktop and phone width (and dark mode at desktop width).
 */
export async function checkPage(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await seriousViolations(page), `${name} (${colorScheme})`).toEqual([]);
  }
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-desktop-dark.png`), fullPage: true });
  await page.emulateMedia({ colorScheme: 'light' });
  for (const [viewport, size] of Object.entries(VIEWPORTS)) {
    await page.setViewportSize(size);
    if (viewport === 'phone') {
      // Wide tables scroll inside their own box; the page itself never scrolls sideways. Polled:
      // charts re-measure their box after a resize. (A string: this package's types have no DOM.)
      await expect
        .poll(() => page.evaluate<number>('document.documentElement.scrollWidth - window.innerWidth'), {
          message: `${name} is wider than a phone`,
          timeout: 15_000,
        })
        .toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}-${viewport}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS.desktop);
}

/**
 * Logs in through the dashboard's own form and waits for the forms list it lands on. With
 * `address` the log-in page is opened first; without, the page has just been led there (a link).
 * The form is filled only once its heading shows, so nothing is typed into the page going away.
 */
export async function logIn(
  page: Page,
  { email, password, address }: { email: string; password: string; address?: string },
): Promise<void> {
  if (address !== undefined) {
    await page.goto(`${address}/login`);
  }
  await page.getByRole('heading', { name: 'Log in' }).waitFor();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Forms' }).waitFor();
}
