/**
 * `npm run lighthouse`: Lighthouse (from npm, its default mobile preset: a mid-range phone on a slow 4G
 * link, simulated) on the nine screens of issue 40 (`DEFAULT_PAGES`: sign-in signed out, the learner's
 * lobby, question session, passage, vocabulary, recitation, review and mind map, and a class as its
 * teacher sees it; the visitor's session cookie set in the browser's cookie jar), each three times (`--runs`), printing
 * each page's median run (Performance, Accessibility, Best Practices, LCP, TBT, total transfer) and every
 * run's Performance as a Markdown table (docs/performance.md keeps the figures).
 *
 * Without `--url` it builds nothing: it starts the embedded server (PGlite in a temporary folder) over the
 * client already built by `npm run build:web` (`npm run lighthouse` builds it first); the teacher is made
 * the operator's way (`npm run roles`, with the server stopped: one process owns its data folder), with a
 * class the learner joined. With `--url` there is no teacher: the teacher's page is left out. Chromium:
 * Debian's (CHROMIUM_PATH overrides /usr/bin/chromium), headless, no sandbox, no background networking.
 * A run Lighthouse cannot measure (its trace fails, as NO_NAVSTART now and then; it would score 0) is
 * measured again, twice at most. LIGHTHOUSE_REPORTS=<folder> keeps each run's full report
 * (`<page>-<run>.json`) for its diagnostics.
 * Wall-clock figures: not part of `npm test`.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
  type PageFigures,
  type PageSummary,
  parseArgs,
  reportTable,
  summarise,
  type Visitor,
} from './report.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Lighthouse and chrome-launcher live in `load/lighthouse/tools` (their own package.json and lock), out
 * of the workspace: about 170 packages that `npm ci` and CI would otherwise fetch for a command run by
 * hand. The first run installs them there; later runs reuse them.
 */
const TOOLS = path.join(root, 'load', 'lighthouse', 'tools');

/** What this script uses of Lighthouse's result. */
interface LighthouseResult {
  lhr: {
    /** Set when Lighthouse could not measure the page (its trace failed: NO_NAVSTART, NO_FCP, …). */
    runtimeError?: { code: string; message: string };
    categories: Record<string, { score: number | null } | undefined>;
    audits: Record<
      string,
      | { numericValue?: number; details?: { items?: Array<{ url?: string; statusCode?: number }> } }
      | undefined
    >;
  };
}
type Lighthouse = (
  url: string,
  flags: {
    port: number;
    output: 'json';
    logLevel: 'error';
    onlyCategories: string[];
  },
) => Promise<LighthouseResult | undefined>;
interface ChromeLauncher {
  launch(options: { chromePath: string; chromeFlags: string[] }): Promise<{ port: number; kill(): void }>;
}

/** What this script uses of puppeteer-core: the browser's cookie jar. */
interface Puppeteer {
  connect(options: { browserURL: string }): Promise<{
    cookies(): Promise<object[]>;
    deleteCookie(...cookies: object[]): Promise<void>;
    setCookie(...cookies: object[]): Promise<void>;
    disconnect(): Promise<void>;
  }>;
}

/** Lighthouse, chrome-launcher and puppeteer-core from `TOOLS`, installed there first when missing. */
async function loadTools(): Promise<{
  lighthouse: Lighthouse;
  chromeLauncher: ChromeLauncher;
  puppeteer: Puppeteer;
}> {
  if (!existsSync(path.join(TOOLS, 'node_modules', 'lighthouse'))) {
    console.error('installing Lighthouse into load/lighthouse/tools (once)');
    // `npm install` keeps to the lock where it can: a dependency of Lighthouse's asks for `latest`.
    execFileSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: TOOLS, stdio: 'inherit' });
  }
  const resolve = createRequire(path.join(TOOLS, 'package.json')).resolve;
  const load = (name: string) => import(pathToFileURL(resolve(name)).href);
  const [lighthouseModule, chromeLauncher, puppeteer] = await Promise.all([
    load('lighthouse'),
    load('chrome-launcher'),
    load('puppeteer-core'),
  ]);
  return {
    lighthouse: lighthouseModule.default as Lighthouse,
    chromeLauncher: chromeLauncher as ChromeLauncher,
    puppeteer: puppeteer.default as Puppeteer,
  };
}
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

/**
 * Puts a visitor's cookies (`name=value; …`, none for a signed-out visitor) in the browser's cookie jar
 * for `origin`, in place of any before. A jar, not Lighthouse's `extraHeaders`: those go only with the
 * page's own requests, and the client also reads from a worker (the contracts' worker,
 * apps/web/src/lib/contracts-host.ts), which would go signed out. Lighthouse's storage reset between
 * runs leaves cookies alone.
 */
async function setBrowserCookies(
  puppeteer: Puppeteer,
  port: number,
  origin: string,
  cookie: string | null,
): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    await browser.deleteCookie(...(await browser.cookies()));
    const cookies = (cookie ?? '')
      .split('; ')
      .filter(Boolean)
      .map((pair) => {
        const at = pair.indexOf('=');
        const domain = new URL(origin).hostname;
        return { name: pair.slice(0, at), value: pair.slice(at + 1), domain, path: '/', httpOnly: true };
      });
    if (cookies.length > 0) await browser.setCookie(...cookies);
  } finally {
    await browser.disconnect();
  }
}

/** Signs up a fresh account and returns the session cookie (`name=value`). */
async function signUp(url: string, username: string): Promise<string> {
  const res = await fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password: 'correct horse battery', firstName: '測試' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  if (!cookie) throw new Error('sign-up gave no session cookie');
  return cookie;
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** POSTs JSON as the cookie's account and returns the reply's body. */
async function post(url: string, cookie: string, body: object): Promise<unknown> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: new URL(url).origin, cookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

/** Who visits: the cookie of each visitor (none signed out), and the teacher's class. */
interface Visitors {
  readonly cookies: Readonly<Record<Visitor, string | null>>;
  readonly classId: string | null;
}

/**
 * The embedded server with a learner, and a teacher (made so by `npm run roles` while the server is
 * stopped) whose class the learner joined.
 */
async function startWithVisitors(
  dataDir: string,
): Promise<{ server: { url: string; child: ChildProcess }; visitors: Visitors }> {
  const stamp = Date.now().toString(36);
  const teacherName = `lh_t_${stamp}`;
  const first = await startEmbedded(dataDir);
  const learner = await signUp(first.url, `lh_${stamp}`);
  const teacher = await signUp(first.url, teacherName);
  await stopServer(first.child);
  execFileSync(
    process.execPath,
    [path.join(root, 'packages/store/src/cli/roles.ts'), 'grant', teacherName, 'teacher'],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const server = await startEmbedded(dataDir);
  const created = (await post(`${server.url}/api/teacher/classes`, teacher, { name: '中五甲班' })) as {
    id: string;
    joinCode: string;
  };
  await post(`${server.url}/api/classes/join`, learner, { joinCode: created.joinCode });
  return {
    server,
    visitors: { cookies: { 'signed-out': null, learner, teacher }, classId: String(created.id) },
  };
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const { lighthouse, chromeLauncher, puppeteer } = await loadTools();
  let server: { url: string; child: ChildProcess } | null = null;
  let dataDir: string | null = null;
  let visitors: Visitors;
  if (!options.url) {
    if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
      throw new Error('no built client: run `npm run build:web` first (npm run lighthouse does)');
    }
    dataDir = await mkdtemp(path.join(tmpdir(), 'wyt-lighthouse-'));
    ({ server, visitors } = await startWithVisitors(dataDir));
  } else {
    const learner = await signUp(options.url, `lh_${Date.now().toString(36)}`);
    visitors = { cookies: { 'signed-out': null, learner, teacher: null }, classId: null };
  }
  const base = options.url ?? server?.url ?? '';
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) await mkdir(reports, { recursive: true });
  const chrome = await chromeLauncher.launch({ chromePath: chromiumPath(), chromeFlags: CHROME_FLAGS });
  try {
    const rows: PageSummary[] = [];
    for (const page of options.pages) {
      const cookie = visitors.cookies[page.as];
      if (page.as !== 'signed-out' && !cookie) {
        console.error(`${page.name}: left out (no ${page.as} to open it with --url)`);
        continue;
      }
      const pagePath = page.path.replace(':class', visitors.classId ?? '');
      await setBrowserCookies(puppeteer, chrome.port, base, cookie);
      const runs: PageFigures[] = [];
      for (let i = 0; i < options.runs; i++) {
        const measure = () =>
          lighthouse(`${base}${pagePath}`, {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance', 'accessibility', 'best-practices'],
          });
        let result = await measure();
        // A run Lighthouse could not measure (its own trace failed: it then scores 0) is measured again,
        // twice at most, rather than counted as the page's score.
        for (let retry = 0; retry < 2 && result?.lhr.runtimeError; retry++) {
          console.error(
            `${page.name} run ${i + 1}: Lighthouse failed (${result.lhr.runtimeError.code}); measuring again`,
          );
          result = await measure();
        }
        if (!result) throw new Error(`no result for ${pagePath}`);
        if (result.lhr.runtimeError) {
          throw new Error(`${pagePath}: Lighthouse failed three times: ${result.lhr.runtimeError.message}`);
        }
        // A signed-in screen measured signed out would score the login page: its session read must pass.
        const session = result.lhr.audits['network-requests']?.details?.items?.find((item) =>
          item.url?.endsWith('/api/auth/user'),
        );
        if (page.as !== 'signed-out' && session?.statusCode !== 200) {
          throw new Error(
            `${pagePath}: measured signed out (the session read answered ${session?.statusCode})`,
          );
        }
        if (reports)
          await writeFile(path.join(reports, `${page.name}-${i + 1}.json`), JSON.stringify(result.lhr));
        const { categories, audits } = result.lhr;
        const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
        runs.push({
          name: page.name,
          performance: score('performance'),
          accessibility: score('accessibility'),
          bestPractices: score('best-practices'),
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? Number.NaN,
          transferBytes: audits['total-byte-weight']?.numericValue ?? Number.NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? Number.NaN,
        });
        console.error(`${page.name} run ${i + 1}: Performance ${runs.at(-1)?.performance}`);
      }
      const kept = summarise(runs);
      rows.push(kept);
      console.error(`${page.name}: Performance ${kept.performance} (median of ${runs.length})`);
    }
    console.log(reportTable(rows));
  } finally {
    chrome.kill();
    if (server) await stopServer(server.child);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
