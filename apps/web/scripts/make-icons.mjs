/**
 * Renders the seal mark (scripts/seal.svg: its 文 is an outline of Noto Serif CJK TC Bold, so it needs
 * no font) into the PNG icons of the web app manifest and the page, with Debian's Chromium. The site
 * serves PNGs only (an SVG icon costs the page's main thread; src/favicon.test.ts). The PNGs are
 * committed; run this again only when the mark changes: `node apps/web/scripts/make-icons.mjs`.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const scripts = path.dirname(fileURLToPath(import.meta.url));
const dir = path.join(scripts, '..', 'public', 'icons');
const svg = readFileSync(path.join(scripts, 'seal.svg'), 'utf8');

/** name, size, and the share of the square the mark takes (maskable icons keep an 80% safe zone). */
const icons = [
  ['icon-192.png', 192, 1],
  ['icon-512.png', 512, 1],
  ['maskable-512.png', 512, 0.72],
  ['apple-touch-icon.png', 180, 0.86],
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});
try {
  for (const [name, size, share] of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    const inner = Math.round(size * share);
    // Maskable and Apple icons fill the square with the seal colour: the platform crops the corners.
    const background = share < 1 ? '#B7312C' : 'transparent';
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;place-items:center;background:${background}">
        <div style="width:${inner}px;height:${inner}px">${svg.replace('<svg ', `<svg width="${inner}" height="${inner}" `)}</div>
      </body></html>`,
    );
    await page.screenshot({ path: path.join(dir, name), omitBackground: share === 1 });
    await page.close();
  }
} finally {
  await browser.close();
}
