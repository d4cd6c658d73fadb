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
  it.each([
    {
      what: 'keeps backups, the embedded store and env files out of the build context',
      ignored: true,
      files: [
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
      ],
    },
    {
      what: 'keeps caches, version control and test output out too',
      ignored: true,
      files: [
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
      ],
    },
    {
      what: 'keeps what the images are built from',
      ignored: false,
      files: [
        'apps/api/src/main.ts',
        'apps/worker/src/main.ts',
        'apps/web/src/main.tsx',
        'packages/store/src/backup.ts',
        'infra/nginx/default.conf',
        'content/data/lessons.json',
        'package.json',
        'package-lock.json',
        'tests/package.json',
      ],
    },
  ])('$what', ({ ignored, files }) => {
    for (const file of files) expect(rules.ignores(file), file).toBe(ignored);
  });
});
