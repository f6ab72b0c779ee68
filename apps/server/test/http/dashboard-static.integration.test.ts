import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describe, expect, test } from 'vitest';

import { buildTestApp } from '../helpers/build-test-app.js';

/** A stand-in for apps/admin/dist: an index page and one hashed asset, as Vite lays them out. */
function fakeDashboardBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'formwell-dashboard-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>dashboard</title><div id="root"></div>');
  writeFileSync(join(dir, 'assets', 'index-AbC123.js'), 'console.log("dashboard");');

  return dir;
}

const HTML = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };

describe('the dashboard at /', () => {
  test('index.html is revalidated every time; hashed assets are cached for a year', async () => {
    const { app } = await buildTestApp({}, { dashboardDir: fakeDashboardBuild() });

    const page = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).toContain('<div id="root">');

    const asset = await app.inject({ method: 'GET', url: '/assets/index-AbC123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test("a page load of one of the dashboard's own paths gets its page; API paths keep their JSON 404", async () => {
    const { app } = await buildTestApp({}, { dashboardDir: fakeDashboardBuild() });

    const deepLink = await app.inject({ method: 'GET', url: '/forms/abc/edit', headers: HTML });
    expect(deepLink.statusCode).toBe(200);
    expect(deepLink.headers['cache-control']).toBe('no-cache');
    expect(deepLink.body).toContain('<div id="root">');

    for (const url of ['/api/v1/nothing-here', '/trpc', '/f/abc', '/docs/nope/x', '/readyz/x']) {
      const response = await app.inject({ method: 'GET', url, headers: HTML });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.statusCode, url).toBeGreaterThanOrEqual(400);
    }
    // A client that does not ask for HTML (fetch, curl) gets the JSON 404 everywhere.
    const json = await app.inject({ method: 'GET', url: '/forms/abc' });
    expect(json.statusCode).toBe(404);
    expect(json.json()).toEqual({ error: 'Not found', message: 'Not found', code: 'NOT_FOUND' });
    // A missing asset is a 404, not the page (a stale index.html must not get HTML for its script).
    const missingAsset = await app.inject({ method: 'GET', url: '/assets/index-old.js' });
    expect(missingAsset.statusCode).toBe(404);
  });

  test('without a build the server starts, says so once, and / is a 404', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'formwell-no-dashboard-'));
    const { app, logLines } = await buildTestApp({}, { dashboardDir: empty });

    expect(logLines.filter((line) => line.includes('dashboard not built'))).toHaveLength(1);
    const page = await app.inject({ method: 'GET', url: '/', headers: HTML });
    expect(page.statusCode).toBe(404);
    const health = await app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
  });
});
