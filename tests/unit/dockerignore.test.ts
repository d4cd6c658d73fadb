/**
 * The Docker build context (issue 41): `.dockerignore`, read with @balena/dockerignore (the matcher
 * Docker's Go rules are ported to, used by dockerode to pack contexts), keeps personal data, secrets
 * and build or test output out of every image, and keeps in what the Dockerfile copies.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Ignore } from '@balena/dockerignore';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// The package is CommonJS (`module.exports = factory`) with typings that declare a default export.
const dockerignore = createRequire(import.meta.url)('@balena/dockerignore') as () => Ignore;
const rules = dockerignore().add(
  readFileSync(path.join(root, '.dockerignore'), 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#')),
);

describe('.dockerignore', () => {
  it('keeps backups, the embedded store and env files out of the build context', () => {
    for (const file of [
      'backups/x.json.gz',
      'backups/wenyan-2026-12-01T10-00-00-000Z.ndjson.gz',
      'apps/api/backups/x.ndjson.gz',
      'wenyan.ndjson.gz',
      '.data/pglite/x',
      '.data/server-secret',
      'apps/api/.data/pglite/PG_VERSION',
      '.env',
      '.env.local',
      '.env.production',
      'apps/api/.env',
    ]) {
      expect(rules.ignores(file), file).toBe(true);
    }
  });

  it('keeps caches, version control and test output out too', () => {
    for (const file of [
      '.git/HEAD',
      'node_modules/fastify/package.json',
      'apps/api/node_modules/x/index.js',
      '.tsbuild/tests.tsbuildinfo',
      'apps/web/dist/index.html',
      'coverage/index.html',
      '.tools/k6',
      'test-results/run.json',
      'screenshots/home.png',
      'load/results/summary.json',
    ]) {
      expect(rules.ignores(file), file).toBe(true);
    }
  });

  it('keeps what the images are built from', () => {
    for (const file of [
      'apps/api/src/main.ts',
      'apps/worker/src/main.ts',
      'apps/web/src/main.tsx',
      'packages/store/src/backup.ts',
      'infra/nginx/default.conf',
      'content/data/lessons.json',
      'package.json',
      'package-lock.json',
      'tests/package.json',
    ]) {
      expect(rules.ignores(file), file).toBe(false);
    }
  });
});

describe('Dockerfile', () => {
  const dockerfile = readFileSync(path.join(root, 'Dockerfile'), 'utf8');
  const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces: string[] };
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { link?: boolean }>;
  };
  // Every workspace the lockfile knows (its keys without node_modules/: "apps/api", "content", ...).
  const workspaces = Object.keys(lock.packages).filter((key) => key !== '' && !key.includes('node_modules'));

  it('installs the dependencies from the manifests alone, before the source is copied', () => {
    expect(workspaces.length).toBeGreaterThanOrEqual(pkg.workspaces.length);
    const source = dockerfile.indexOf('COPY . .');
    const install = dockerfile.indexOf('RUN npm ci');
    expect(source).toBeGreaterThan(install);
    expect(install).toBeGreaterThan(dockerfile.indexOf('COPY package.json package-lock.json ./'));
    for (const workspace of workspaces) {
      const line = `COPY ${workspace}/package.json ${workspace}/`;
      expect(dockerfile, workspace).toContain(line);
      expect(dockerfile.indexOf(line), workspace).toBeLessThan(install);
    }
  });

  it('ships only what runs in the app image, owned by root and run as node', () => {
    const app = dockerfile.slice(dockerfile.indexOf(' AS app'));
    expect(app).not.toContain('--chown');
    expect(app).not.toMatch(/COPY --from=build \/app \/app/);
    for (const left of ['tests', 'load', 'docs', 'apps/web']) {
      expect(app, left).not.toMatch(new RegExp(`COPY --from=build /app/${left}\\b`));
    }
    expect(app).toMatch(/^USER node$/m);
  });
});
