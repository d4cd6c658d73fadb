import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The docs' mechanical claims: every file or folder a doc names in backticks exists, and every
 * `npm run <script>` it mentions is a script of the root package.json. Checked: README.md, docs/*.md
 * (not docs/history/, a verbatim record of what was true then) and every CONTEXT.md.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Folders never walked: dependencies, build output, VCS and tool state. */
const SKIP_DIRS = new Set(['node_modules', '.git', 'dist', 'test-results', '.tools', '.data', 'backups']);

/**
 * Paths the docs name that only exist after a command has run, so a clean clone does not hold them.
 * Each is generated or git-ignored: the client build, backups, the embedded database, load reports,
 * screenshots, k6's build (`.tools/`) and the service worker the build writes (`sw.js`).
 */
const GENERATED = [
  'apps/web/dist',
  'backups/',
  '.data/',
  'load/results/',
  'screenshots/',
  '.tools/',
  'sw.js',
];

const EXTENSIONS = ['.ts', '.tsx', '.json', '.md', '.js', '.yml', '.conf', '.css'];

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else out.push(path.relative(root, full));
  }
  return out;
}

const files = walk(root);
/** Every file and every folder, as paths from the root. */
const entries = [
  ...new Set(files.flatMap((f) => f.split('/').map((_, i, parts) => parts.slice(0, i + 1).join('/')))),
];
const docs = [
  'README.md',
  ...files.filter((f) => /^docs\/[^/]+\.md$/.test(f)),
  ...files.filter((f) => path.basename(f) === 'CONTEXT.md'),
].sort();

/** The text of a doc outside fenced code blocks (those hold commands, not claims about paths). */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '');
}

/**
 * A backticked span that names a file or folder of this repository: one token with a `/` or a known
 * extension. Not: routes and absolute paths (`/api/...`), URLs, npm package names (`@scope/name`,
 * `ajv/dist/2019.js`-like imports are written with their package first), placeholders and globs
 * (`<id>`, `*`, `…`), MIME types, and tokens with spaces, `=`, `:` or `#` (commands, settings, anchors).
 */
function pathLike(span: string): string | null {
  const token = span.trim();
  if (!/^[\w.@/[\]-]+$/.test(token)) return null; // spaces, <>, *, :, =, #, …, braces
  if (token.startsWith('/') || token.startsWith('@') || token.includes('[') || token.includes('..'))
    return null;
  if (token.startsWith('.') && !token.includes('/')) return null; // an extension (`.md`, `.d.ts`), not a file
  if (/^(application|text|image|font|audio|video)\//.test(token)) return null;
  const hasExt = EXTENSIONS.some((ext) => token.endsWith(ext));
  if (!token.includes('/') && !hasExt) return null;
  if (!/[a-zA-Z]/.test(token)) return null;
  return token;
}

const packages = files
  .filter((f) => path.basename(f) === 'package.json')
  .map((f) => (JSON.parse(readFileSync(path.join(root, f), 'utf8')) as { name?: string }).name)
  .filter((name): name is string => Boolean(name));
const dependencyRoots = new Set(
  readdirSync(path.join(root, 'node_modules')).filter((n) => !n.startsWith('.')),
);

/** Whether a doc's path resolves: from the root, from the doc's folder or its `src/`, or as a tail under that folder. */
function resolves(doc: string, token: string): boolean {
  const clean = token.replace(/\/$/, '');
  if (GENERATED.some((g) => token === g || token.startsWith(g) || clean === g.replace(/\/$/, '')))
    return true;
  const folder = path.dirname(doc);
  const bases = [root, path.join(root, folder), path.join(root, folder, 'src')];
  if (bases.some((base) => existsSync(path.join(base, clean)))) return true;
  // An import of a dependency's file (`pdfjs-dist/...`, `ts-fsrs/...`) names that package, not a path here.
  const first = clean.split('/')[0] ?? '';
  if (clean.includes('/') && (dependencyRoots.has(first) || packages.includes(first))) return true;
  // A bare name, or the tail of a path (`answers/AppealButton.tsx` in the web client's CONTEXT.md), names a
  // file or folder under the doc's own folder (anywhere, for README.md and docs/).
  const scope = folder === '.' || folder === 'docs' ? '' : `${folder}/`;
  return entries.some((f) => f.startsWith(scope) && (f === clean || f.endsWith(`/${clean}`)));
}

describe('the docs name what exists', () => {
  const scripts = Object.keys(
    (JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> })
      .scripts,
  );

  it('finds the docs it checks', () => {
    expect(docs).toContain('README.md');
    expect(docs).toContain('docs/ARCHITECTURE.md');
    expect(docs).toContain('docs/performance.md');
    expect(docs).toContain('tests/CONTEXT.md');
  });

  it('recognises repository paths and nothing else', () => {
    expect(pathLike('apps/web/src/lib/api.ts')).toBe('apps/web/src/lib/api.ts');
    expect(pathLike('features/answers/')).toBe('features/answers/');
    expect(pathLike('main.ts')).toBe('main.ts');
    expect(pathLike('/api/lessons')).toBeNull();
    expect(pathLike('@wenyan/store')).toBeNull();
    expect(pathLike('npm run bench')).toBeNull();
    expect(pathLike('load/results/<scenario>-<time>.json')).toBeNull();
    expect(pathLike('application/json')).toBeNull();
    expect(pathLike('WRITE_RETRY')).toBeNull();
    expect(pathLike('.d.ts')).toBeNull();
    expect(resolves('README.md', 'no/such/file.ts')).toBe(false);
    expect(resolves('README.md', 'nowhere-at-all.ts')).toBe(false);
    expect(resolves('apps/worker/CONTEXT.md', 'main.ts')).toBe(true);
    expect(resolves('apps/worker/CONTEXT.md', 'routes.tsx')).toBe(false);
  });

  for (const doc of docs) {
    const text = readFileSync(path.join(root, doc), 'utf8');

    it(`${doc}: every path in backticks exists`, () => {
      const spans = [...prose(text).matchAll(/`([^`\n]+)`/g)].map((m) => m[1] ?? '');
      const missing = [
        ...new Set(spans.map(pathLike).filter((t): t is string => t !== null && !resolves(doc, t))),
      ];
      expect(missing).toEqual([]);
    });

    it(`${doc}: every npm run script exists`, () => {
      const named = [...text.matchAll(/npm run ([\w:.-]+)/g)].map((m) => m[1] ?? '');
      expect([...new Set(named.filter((s) => !scripts.includes(s)))]).toEqual([]);
    });
  }
});
