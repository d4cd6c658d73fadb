/**
 * A deploy under an open page: the server's build files are replaced (every file renamed, as a new
 * build's hashes would be, and the old ones gone) while a learner has the lobby open. Their next tap
 * needs a screen whose old code is no longer there; the page reloads once into the new version and
 * shows the screen instead of a white page.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, PHONE } from '../support/browser.ts';
import { type RunningServer, startServer } from '../support/server.ts';
import { useTestDatabase } from '../support/test-db.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const builtClient = path.join(root, 'apps/web/dist');

/**
 * Turns the served build into "the next version" in place: every asset gets a new name, every
 * reference to it (index.html, chunks, styles) follows, the precompressed copies of the old files go.
 */
function deployNextVersion(dist: string): void {
  const assets = path.join(dist, 'assets');
  for (const file of readdirSync(assets)) if (/\.(br|gz)$/.test(file)) rmSync(path.join(assets, file));
  rmSync(path.join(dist, 'index.html.br'), { force: true });
  rmSync(path.join(dist, 'index.html.gz'), { force: true });
  const names = readdirSync(assets);
  const renamed = new Map(names.map((name) => [name, `next-${name}`]));
  const pattern = new RegExp(names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  const rewrite = (file: string) => {
    const text = readFileSync(file, 'utf8');
    writeFileSync(
      file,
      text.replace(pattern, (name) => renamed.get(name) ?? name),
    );
  };
  for (const name of names) if (/\.(js|css)$/.test(name)) rewrite(path.join(assets, name));
  rewrite(path.join(dist, 'index.html'));
  const index = path.join(dist, 'index.html');
  writeFileSync(
    index,
    readFileSync(index, 'utf8').replace('<head>', '<head><meta name="wyt-build" content="next">'),
  );
  for (const [from, to] of renamed) renameSync(path.join(assets, from), path.join(assets, to));
}

describe('a deploy under an open page', () => {
  let server: RunningServer;
  let browser: Browser;
  const database = useTestDatabase();
  let served: string;

  beforeAll(async () => {
    served = mkdtempSync(path.join(tmpdir(), 'wyt-served-'));
    cpSync(builtClient, served, { recursive: true });
    server = await startServer({ databaseUrl: database.url, extraEnv: { WEB_DIST: served } });
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(served, { recursive: true, force: true });
  });

  it("reloads once into the new version when the next screen's old code is gone", async () => {
    const context = await browser.newContext({ viewport: PHONE, baseURL: server.url });
    const page = await context.newPage();
    const signUp = await page.request.post('/api/auth/register', {
      data: { username: `deploy_${Date.now()}`, password: 'correct horse battery' },
    });
    expect(signUp.status()).toBe(201);
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    await page.evaluate(() => {
      (window as unknown as { openedBeforeDeploy: boolean }).openedBeforeDeploy = true;
    });

    deployNextVersion(served);
    // The old code the page asked for and did not get: a 404, or a failed request (a service worker that
    // installed meanwhile answers the page's request itself, and may fail it).
    const missing: string[] = [];
    page.on('response', (res) => {
      if (res.status() === 404 && res.url().includes('/assets/')) missing.push(res.url());
    });
    page.on('requestfailed', (req) => {
      if (req.url().includes('/assets/')) missing.push(req.url());
    });
    await page.getByTestId('lesson-card').first().click();

    await page.waitForURL(/\/lesson\/\d+\/types$/);
    await page.locator('meta[name="wyt-build"][content="next"]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1, name: '選擇練習類型' }).waitFor();
    expect(missing.length, 'the old screen code was asked for and not had').toBeGreaterThan(0);
    expect(await page.evaluate(() => 'openedBeforeDeploy' in window)).toBe(false);
    expect(await page.getByTestId('route-error').count()).toBe(0);
    expect((await page.locator('#root').innerText()).trim().length).toBeGreaterThan(0);
    await context.close();
  });
});
