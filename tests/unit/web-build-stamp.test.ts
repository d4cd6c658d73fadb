/**
 * `npm start` rebuilds the web client only when its sources changed (issue 41): the build's stamp
 * (dist/.source-hash) is compared with a hash of the client's inputs.
 */
import { mkdirSync, mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { stampWebBuild, webBuildIsStale, webSourceHash } from '@wenyan/web/scripts/build-if-changed.ts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

let root: string;

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'wyt-web-stamp-'));
  write('apps/web/src/main.tsx', 'render()');
  write('apps/web/index.html', '<!doctype html>');
  write('packages/contracts/src/index.ts', 'export const a = 1;');
  write('packages/domain/src/index.ts', 'export const b = 2;');
  write('package-lock.json', '{"lockfileVersion":3}');
  write('tsconfig.base.json', '{}');
  // The last build's output.
  write('apps/web/dist/index.html', '<!doctype html><script src="/assets/index-1.js">');
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('the web build stamp', () => {
  it('asks for a build when there is no build or no stamp', () => {
    expect(webBuildIsStale(root)).toBe(true);
    stampWebBuild(root);
    expect(webBuildIsStale(root)).toBe(false);
    unlinkSync(path.join(root, 'apps/web/dist/index.html'));
    expect(webBuildIsStale(root)).toBe(true);
  });

  it('skips the build on a restart with the same sources', () => {
    stampWebBuild(root);
    expect(webBuildIsStale(root)).toBe(false);
    // What the build writes, tests and installed modules are not sources of the bundle.
    write('apps/web/dist/assets/index-2.js', 'x');
    write('apps/web/src/lib/x.test.ts', 'test()');
    write('apps/web/node_modules/pkg/index.js', 'x');
    expect(webBuildIsStale(root)).toBe(false);
  });

  it.each([
    ['an edited client file', 'apps/web/src/main.tsx', 'render(2)'],
    ['a new client file', 'apps/web/src/lib/new.ts', 'export {}'],
    [
      'a change to the contracts the client imports',
      'packages/contracts/src/index.ts',
      'export const a = 2;',
    ],
    ['a change to the domain', 'packages/domain/src/index.ts', 'export const b = 3;'],
    ['other dependency versions', 'package-lock.json', '{"lockfileVersion":3,"x":1}'],
  ])('rebuilds after %s', (_what, file, text) => {
    stampWebBuild(root);
    const before = webSourceHash(root);
    write(file, text);
    expect(webSourceHash(root)).not.toBe(before);
    expect(webBuildIsStale(root)).toBe(true);
  });

  it('tells a file moved to another name from the same content', () => {
    const before = webSourceHash(root);
    rmSync(path.join(root, 'apps/web/src/main.tsx'));
    write('apps/web/src/entry.tsx', 'render()');
    expect(webSourceHash(root)).not.toBe(before);
  });
});
