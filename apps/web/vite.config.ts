import { gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

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
      const chunks = new Map<string, { code: string; imports: string[]; isEntry: boolean }>();
      for (const [fileName, output] of Object.entries(bundle)) {
        if (output.type === 'chunk') {
          chunks.set(fileName, { code: output.code, imports: output.imports, isEntry: output.isEntry });
        }
      }
      const seen = new Set<string>();
      const visit = (name: string) => {
        if (seen.has(name)) return;
        seen.add(name);
        for (const dep of chunks.get(name)?.imports ?? []) visit(dep);
      };
      for (const [name, chunk] of chunks) if (chunk.isEntry) visit(name);
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

export default defineConfig({
  plugins: [
    react(),
    initialRouteBudget(),
    // Brotli and gzip copies beside each file, served as they are by the API (and nginx).
    compression({
      algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
      include: /\.(js|css|html|svg|json|webmanifest|txt)$/,
      threshold: 1024,
    }),
  ],
  server: { proxy: { '/api': { target: 'http://127.0.0.1:3000', ws: true } } },
  build: { target: 'es2022', reportCompressedSize: true, chunkSizeWarningLimit: 600 },
});
