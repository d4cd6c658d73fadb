/**
 * `npm run load:install`: builds k6 from the Go module proxy into a project-local, git-ignored folder
 * (`.tools/k6/bin/k6`, ignored by git) and reuses it when the pinned version is already there.
 *
 *   node load/install-k6.ts            # build once, then reuse
 *   K6_FORCE=1 node load/install-k6.ts # rebuild
 *
 * The v2 line needs Go 1.25 or newer; Go is looked up on PATH and in /usr/local/go/bin.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The k6 release the scenarios are written for. */
export const K6_VERSION = 'v2.2.0';
export const K6_MODULE = 'go.k6.io/k6/v2';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const K6_BIN_DIR = path.join(root, '.tools', 'k6', 'bin');
export const K6_BINARY = path.join(K6_BIN_DIR, 'k6');

const pathWithGo = `${process.env.PATH ?? ''}:/usr/local/go/bin`;

/** The version a k6 binary reports (`k6 v2.3.0 (...)`), or null when it does not run. */
function installedVersion(binary: string): string | null {
  if (!existsSync(binary)) return null;
  try {
    const out = execFileSync(binary, ['version'], { encoding: 'utf8' });
    return /k6 (v\d+\.\d+\.\d+)/.exec(out)?.[1] ?? null;
  } catch {
    return null;
  }
}

function goVersion(): [number, number] {
  const out = execFileSync('go', ['env', 'GOVERSION'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: pathWithGo },
  }).trim();
  const match = /go(\d+)\.(\d+)/.exec(out);
  if (!match) throw new Error(`cannot read the Go version from "${out}"`);
  return [Number(match[1]), Number(match[2])];
}

/** Returns the path of a k6 binary of the pinned version, building it when needed. */
export function ensureK6(): string {
  const have = installedVersion(K6_BINARY);
  if (have === K6_VERSION && !process.env.K6_FORCE) return K6_BINARY;
  let major: number;
  let minor: number;
  try {
    [major, minor] = goVersion();
  } catch (err) {
    throw new Error(`Go is needed to build k6 (install Go 1.25+ or add it to PATH): ${String(err)}`);
  }
  if (major < 1 || (major === 1 && minor < 25)) {
    throw new Error(`k6 ${K6_VERSION} needs Go 1.25 or newer; this machine has go${major}.${minor}`);
  }
  mkdirSync(K6_BIN_DIR, { recursive: true });
  console.log(`[load:install] building k6 ${K6_VERSION} with go${major}.${minor} into ${K6_BIN_DIR} ...`);
  const started = Date.now();
  // The equivalent of `go install go.k6.io/k6/v2@<version>`, through a throwaway module that pins the
  // version: `go install pkg@version` also asks the proxy for the module's version list (to warn about
  // deprecation), which some mirrors do not serve; a pinned require needs only the version itself.
  const work = mkdtempSync(path.join(tmpdir(), 'wyt-k6-build-'));
  try {
    writeFileSync(
      path.join(work, 'go.mod'),
      `module wenyan.local/k6build\n\ngo 1.25\n\nrequire ${K6_MODULE} ${K6_VERSION}\n`,
    );
    execFileSync('go', ['build', '-trimpath', '-o', K6_BINARY, K6_MODULE], {
      cwd: work,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        PATH: pathWithGo,
        GOPROXY: process.env.GOPROXY ?? 'https://proxy.golang.org',
        GOFLAGS: '-mod=mod -buildvcs=false',
        CGO_ENABLED: '0',
      },
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const built = installedVersion(K6_BINARY);
  if (built !== K6_VERSION) throw new Error(`the built k6 reports ${built ?? 'nothing'}, not ${K6_VERSION}`);
  console.log(`[load:install] k6 ${built} ready in ${Math.round((Date.now() - started) / 1000)} s`);
  return K6_BINARY;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const binary = ensureK6();
  console.log(`[load:install] ${binary} (${installedVersion(binary)})`);
}
