/**
 * `npm run lighthouse`: Lighthouse (from npm, its default mobile preset: a mid-range phone on a slow 4G
 * link, simulated) on the lobby, a question session, vocabulary, recitation and a mind map, signed in
 * (the session cookie passed with `extraHeaders`), printing Performance, Accessibility, Best Practices,
 * LCP and total transfer per page as a Markdown table (docs/performance.md keeps the figures).
 *
 * Without `--url` it builds nothing: it starts the embedded server (PGlite in a temporary folder) over the
 * client already built by `npm run build:web` (`npm run lighthouse` builds it first). Chromium: Debian's
 * (CHROMIUM_PATH overrides /usr/bin/chromium), headless, no sandbox, no background networking.
 * Wall-clock figures: not part of `npm test`.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { medianRun, type PageFigures, parseArgs, reportTable } from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** Debian's Chromium; CHROMIUM_PATH overrides. */
function chromiumPath(): string {
  const found = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find(
    (p): p is string => Boolean(p) && existsSync(p as string),
  );
  if (!found) throw new Error('Chromium not found: `apt-get install chromium` (or set CHROMIUM_PATH)');
  return found;
}

/** A free TCP port on the loopback interface. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

async function startEmbedded(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir };
  env.LOG_LEVEL = 'warn';
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  const child = spawn(process.execPath, [path.join(root, 'apps/api/src/main.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill('SIGKILL');
  throw new Error('the server did not become healthy');
}

/** Signs up a fresh learner and returns the session cookie (`name=value`). */
async function signUp(url: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({
      username: `lh_${Date.now().toString(36)}`,
      password: 'correct horse battery',
      firstName: '測試',
    }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-up gave no session cookie');
  return cookie;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  let server: { url: string; child: ChildProcess } | null = null;
  let dataDir: string | null = null;
  if (!options.url) {
    if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
      throw new Error('no built client: run `npm run build:web` first (npm run lighthouse does)');
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'wyt-lighthouse-'));
    server = await startEmbedded(dataDir);
  }
  const base = options.url ?? server?.url ?? '';
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  try {
    const cookie = await signUp(base);
    const rows: PageFigures[] = [];
    for (const page of options.pages) {
      const runs: PageFigures[] = [];
      for (let i = 0; i < options.runs; i++) {
        const result = await lighthouse(`${base}${page.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
          extraHeaders: { Cookie: cookie },
        });
        if (!result) throw new Error(`no result for ${page.path}`);
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        runs.push({
          name: page.name,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          transferBytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
        });
      }
      const kept = medianRun(runs);
      rows.push(kept);
      console.error(`${page.name}: Performance ${kept.performance}`);
    }
    console.log(reportTable(rows));
  } finally {
    chrome.kill();
    if (server) {
      server.child.kill('SIGTERM');
      await new Promise((resolve) => server?.child.once('exit', resolve));
    }
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
