import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { offlineRuntimeCaching, webManifest } from './src/lib/pwa-config.ts';

/** The initial route's JavaScript budget (gzipped), from the web client issue. */
const INITIAL_JS_BUDGET_KB = 150;

/**
 * Prints the gzipped size of the JavaScript the initial route loads (the entry chunk and its static
 * imports, not the lazy screens) and fails the build when it is over budget.
 */
function initialRouteBudget(): Plugin {
  return {
    name: 'wyt-initial-route-budget',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<
        string,
        {
          code: string;
          imports: string[];
          isEntry: boolean;
          modules: Record<string, { renderedLength: number }>;
        }
      >();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          chunks.set(fileName, {
            code: output.code,
            imports: output.imports,
            isEntry: output.isEntry,
            modules: output.modules,
          });
        }
      }
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      for (const [name, chunk] of chunks) if (chunk.isEntry) visit(name);
      if (process.env.WYT_BUDGET_DEBUG) {
        console.log('initial chunks:', [...seen].join(', '));
        const largest = [...seen]
          .flatMap((name) => Object.entries(chunks.get(name)?.modules ?? {}))
          .sort((a, b) => b[1].renderedLength - a[1].renderedLength)
          .slice(0, 40);
        for (const [id, m] of largest)
          console.log(`${String(m.renderedLength).padStart(8)}  ${id.split('/node_modules/').pop()}`);
      }
      let raw = 0;
      let gzipped = 0;
      for (const name of seen) {
        const code = chunks.get(name)?.code ?? '';
        raw += Buffer.byteLength(code);
        gzipped += gzipSync(code).length;
      }
      const kb = (n: number) => (n / 1024).toFixed(1);
      const line = `initial route JS: ${seen.size} chunk(s), ${kb(raw)} KB, ${kb(gzipped)} KB gzipped (budget ${INITIAL_JS_BUDGET_KB} KB)`;
      this.info(line);
      if (gzipped > INITIAL_JS_BUDGET_KB * 1024) {
        this.error(
          `the initial route's JavaScript is over budget: ${kb(gzipped)} KB > ${INITIAL_JS_BUDGET_KB} KB`,
        );
      }
    },
  };
}

/**
 * Drops the routes' `summary` strings from the client's copy of the contracts registry: they document
 * the API in the OpenAPI document (server side) and are never read by the client, whose registry chunk
 * loads beside the first render (1.5 KB gzipped less). Only whole-line string summaries are dropped.
 */
function stripRouteSummaries(): Plugin {
  return {
    name: 'wyt-strip-route-summaries',
    enforce: 'pre',
    apply: 'build',
    transform(code, id) {
      if (!id.replace(/\\/g, '/').endsWith('packages/contracts/src/routes.ts')) return null;
      return { code: code.replace(/^\s*summary: (['"`])(?:\\.|(?!\1).)*\1,\n/gm, ''), map: null };
    },
  };
}

/** The entry's stylesheet (the entry chunk is `index`), inlined into index.html by the plugin below. */
const ENTRY_STYLESHEET = /^assets\/index-[\w-]+\.css$/;

/**
 * The entry's stylesheet inlined into index.html, so the first paint waits for no stylesheet request
 * (Lighthouse counted it render-blocking: about 170 ms of a slow 4G link; the lobby's median score went
 * 85 → 91 with the theme script inlined too). The Content-Security-Policy allows inline styles already
 * (apps/api/src/plugins/security.ts).
 *
 * A `disabled` link to the file stays beside it: the browser does not fetch a disabled stylesheet (HTML's
 * link element), and Vite's preload helper, seeing the link, does not load the file again for a lazy
 * screen whose dependencies name it (which would put the global rules after the screens' own).
 */
function inlineEntryStylesheet(): Plugin {
  return {
    name: 'wyt-inline-entry-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        return html.replace(
          /<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g,
          (link, fileName: string) => {
            const asset = bundle[fileName];
            if (asset?.type !== 'asset' || !ENTRY_STYLESHEET.test(fileName)) return link;
            return `<style>${String(asset.source)}</style><link rel="stylesheet" href="/${fileName}" disabled>`;
          },
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    stripRouteSummaries(),
    inlineEntryStylesheet(),
    initialRouteBudget(),
    // The installable app: the manifest, and a Workbox service worker that precaches the shell and every
    // screen's code and keeps the texts, mind maps and recent question sets for offline use. It takes over
    // at once (skipWaiting, clientsClaim); the page itself registers it (src/lib/service-worker.ts).
    VitePWA({
      injectRegister: null,
      registerType: 'autoUpdate',
      manifest: webManifest,
      includeAssets: ['favicon.ico', 'icons/apple-touch-icon.png'],
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        navigateFallback: '/index.html',
        navigateFallbackDenylist: [/^\/api\//],
        cleanupOutdatedCaches: true,
        skipWaiting: true,
        clientsClaim: true,
        runtimeCaching: offlineRuntimeCaching,
        // The daily reminder's push and notificationclick handlers (public/push-sw.js).
        importScripts: ['push-sw.js'],
      },
    }),
    // Brotli and gzip copies beside each file, served as they are by the API (and nginx).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
    }),
  ],
  // The contracts' worker (src/lib/contracts.worker.ts): a module, its copy of the registry without the
  // routes' summaries like the page's.
  worker: { format: 'es', plugins: () => [stripRouteSummaries()] },
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } } },
  build: {
    target: 'es2022',
    reportCompressedSize: true,
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      output: {
        // The contracts' schemas and zod are a chunk of their own, loaded beside the first render
        // (src/lib/client.ts); only their zod-free constants (`@wenyan/contracts/light`) ride in the entry.
        advancedChunks: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'contracts', test: /\/packages\/contracts\/src\/(?!light\.ts)|\/node_modules\/zod\// },
          ],
        },
      },
    },
  },
});
