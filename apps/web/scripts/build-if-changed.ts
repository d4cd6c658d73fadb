/**
 * `npm start`'s client step: builds the web client only when its sources changed since the last
 * build, so a restart reaches its first page in seconds instead of waiting for Vite again.
 *
 * The sources are what the bundle is made from: apps/web (but its dist), the two workspaces it
 * imports (packages/contracts, packages/domain; tests left out), the lockfile (dependency versions)
 * and the shared TypeScript settings. Their hash is written to dist/.source-hash after a build; the
 * next start compares. A dot-file: neither the API's static files nor the service worker serve it.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The inputs of the client's build, relative to the repository's root. */
export const WEB_INPUTS = [
  'apps/web',
  'packages/contracts',
  'packages/domain',
  'package-lock.json',
  'tsconfig.base.json',
];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.tsbuild', 'coverage']);
const TEST_FILE = /\.test\.tsx?$/;
export const STAMP = 'apps/web/dist/.source-hash';

/** The files under a folder (relative to the root), without the skipped folders and test files. */
function filesUnder(root: string, relative: string): string[] {
  return readdirSync(path.join(root, relative), { withFileTypes: true }).flatMap((entry) => {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : filesUnder(root, child);
    return entry.isFile() && !TEST_FILE.test(entry.name) ? [child] : [];
  });
}

/** The hash of every input file's path and content, in a fixed order. */
export function webSourceHash(root: string): string {
  const hash = createHash('sha256');
  const files = WEB_INPUTS.flatMap((input) => {
    const full = path.join(root, input);
    if (!existsSync(full)) return [];
    return statSync(full).isDirectory() ? filesUnder(root, input) : [input];
  }).sort();
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(path.join(root, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

/** Whether the built client is missing or was built from other sources than the current ones. */
export function webBuildIsStale(root: string): boolean {
  if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) return true;
  const stamp = path.join(root, STAMP);
  if (!existsSync(stamp)) return true;
  return readFileSync(stamp, 'utf8').trim() !== webSourceHash(root);
}

/** Records that the built client matches the current sources. */
export function stampWebBuild(root: string): void {
  writeFileSync(path.join(root, STAMP), `${webSourceHash(root)}\n`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
  if (webBuildIsStale(root)) {
    const build = spawnSync('npm', ['run', '--silent', 'build:quiet', '-w', '@wenyan/web'], {
      cwd: root,
      stdio: 'inherit',
    });
    if (build.status !== 0) process.exit(build.status ?? 1);
    stampWebBuild(root);
  }
}
