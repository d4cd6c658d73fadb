import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  CLIENT_PAGE_POLICY,
  contentSecurityPolicy,
  THEME_SCRIPT_HASH,
} from '@wenyan/api/src/plugins/security.ts';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const BUILT_PAGE = path.join(root, 'apps/web/dist/index.html');

/** The digests of a page's inline scripts, as a Content-Security-Policy names them. */
function inlineScriptHashes(html: string): string[] {
  return [...html.matchAll(/<script(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (match) =>
      `'sha256-${createHash('sha256')
        .update(match[1] ?? '')
        .digest('base64')}'`,
  );
}

/** nginx's Content-Security-Policy of each location of infra/nginx/default.conf, by its `location` line. */
function nginxPolicies(): Map<string, string> {
  const conf = readFileSync(path.join(root, 'infra/nginx/default.conf'), 'utf8');
  const policies = new Map<string, string>();
  let location = '';
  for (const line of conf.split('\n')) {
    const opened = /^\s*location (.+) \{$/.exec(line);
    if (opened) location = opened[1] ?? '';
    const policy = /add_header Content-Security-Policy "([^"]+)" always;/.exec(line);
    if (policy) policies.set(location, policy[1] ?? '');
  }
  return policies;
}

describe("the client page's one inline script (the theme before first paint)", () => {
  it('is the script the policy allows by its hash', () => {
    expect(inlineScriptHashes(readFileSync(path.join(root, 'apps/web/index.html'), 'utf8'))).toEqual([
      THEME_SCRIPT_HASH,
    ]);
    expect(CLIENT_PAGE_POLICY).toBe(contentSecurityPolicy([THEME_SCRIPT_HASH]));
  });

  // The built page (CI builds before it tests; skipped where there is no build).
  it.skipIf(!existsSync(BUILT_PAGE))(
    'is kept as written by the build, which inlines the stylesheet too',
    () => {
      const page = readFileSync(BUILT_PAGE, 'utf8');
      expect(inlineScriptHashes(page)).toEqual([THEME_SCRIPT_HASH]);
      // The first paint waits for no request: the entry's stylesheet is inline, and the disabled link
      // beside it (never fetched) tells Vite's preload helper that a lazy screen need not load the file.
      expect(page).toMatch(/<style>[^<]*\.page-title[^<]*<\/style>/);
      const links = [...page.matchAll(/<link rel="stylesheet"([^>]*)>/g)].map((m) => m[1] ?? '');
      expect(links).toHaveLength(1);
      expect(links[0]).toMatch(/ disabled$/);
      const href = /href="\/([^"]+)"/.exec(links[0] ?? '')?.[1] ?? '';
      expect(existsSync(path.join(root, 'apps/web/dist', href)), href).toBe(true);
    },
  );

  it("is allowed where nginx serves index.html, and nowhere else: nginx's policies are the API's to the letter", () => {
    expect(Object.fromEntries(nginxPolicies())).toEqual({
      '^~ /assets/': contentSecurityPolicy(),
      '= /manifest.webmanifest': contentSecurityPolicy(),
      '~ /[^/]+\\.[A-Za-z0-9]+$': CLIENT_PAGE_POLICY,
      '/': CLIENT_PAGE_POLICY,
    });
  });
});
