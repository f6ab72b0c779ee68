import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

import { repoRoot } from '../../helpers/start-system.js';

/** Where each page's screenshots go: the test run's own output, ignored by git. */
const SCREENSHOT_DIR = join(repoRoot, 'apps/server/test-results/screenshots');

const VIEWPORTS = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 390, height: 844 },
} as const;

/**
 * Builds the dashboard from its current sources into a folder of this run, so the test checks
 * what the sources say (never a stale apps/admin/dist) and leaves a running server's build alone.
 */
export function buildDashboardForTest(): string {
  const outDir = mkdtempSync(join(tmpdir(), 'formwell-dashboard-e2e-'));
  const { status, stderr, stdout } = spawnSync(
    'pnpm',
    [
      '--filter',
      '@formwell/admin',
      'exec',
      'vite',
      'build',
      '--outDir',
      outDir,
      '--emptyOutDir',
      '--logLevel',
      'warn',
    ],
    { cwd: repoRoot, encoding: 'utf8' },
  );
  if (status !== 0) {
    throw new Error(`the dashboard build failed (exit ${status}):\n${stdout}\n${stderr}`);
  }

  return outDir;
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
