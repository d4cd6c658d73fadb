import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { webManifest } from './lib/pwa-config.ts';

const web = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));
const indexHtml = readFileSync(web('index.html'), 'utf8');
const iconLinks = [...indexHtml.matchAll(/<link rel="(?:icon|apple-touch-icon)" href="([^"]+)"/g)].map(
  (match) => match[1]!,
);

describe('the favicon', () => {
  it('is at /favicon.ico, where browsers and tools ask for it without reading the page', () => {
    const ico = readFileSync(web('public/favicon.ico'));
    // An ICO header (reserved 0, type 1, at least one image) holding a PNG.
    expect([...ico.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(ico.readUInt16LE(4)).toBeGreaterThan(0);
    expect(ico.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
  });

  it('is linked from index.html, and every icon it links is in public/', () => {
    expect(iconLinks).toContain('/favicon.ico');
    expect(iconLinks).toContain('/icons/icon-192.png');
    for (const href of iconLinks) expect(existsSync(web(`public${href}`)), href).toBe(true);
  });

  it('is never an SVG, in the page or the manifest: a browser draws an SVG icon as a whole document on the page’s main thread, 30-60 ms of each load on a slow machine', () => {
    const icons = [...iconLinks, ...(webManifest.icons ?? []).map((icon) => icon.src)];
    expect(icons.filter((href) => href.endsWith('.svg'))).toEqual([]);
    expect(indexHtml).not.toMatch(/image\/svg\+xml/);
  });
});
