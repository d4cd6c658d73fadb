/**
 * The web client's boundaries (issue 39): a feature imports only its own files, `lib/`, `components/`,
 * packages and the content data; `lib/` and `components/` import no feature and not the app. The rule is
 * biome's `noRestrictedImports` (overrides in biome.json, run by `npm run lint`); this test runs the real
 * configuration over probe files in a temporary folder, so the rule cannot quietly stop applying.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const biome = path.join(repo, 'node_modules/.bin/biome');

const probes: Record<string, string> = {
  // Crossings: one feature into another (static, re-export, lazy, a stylesheet), and a feature into the app.
  'apps/web/src/features/lobby/CrossStatic.ts':
    "import { a } from '../library/api.ts';\nexport const b = a;\n",
  'apps/web/src/features/lobby/CrossExport.ts': "export { a } from '../auth/LoginPage.tsx';\n",
  'apps/web/src/features/lobby/CrossLazy.ts': "export const b = () => import('../practice/Page.tsx');\n",
  'apps/web/src/features/lobby/CrossStyle.ts': "import '../reviews/reviews.css';\n",
  'apps/web/src/features/lobby/IntoApp.ts':
    "import { a } from '../../app/shell/Header.tsx';\nexport const b = a;\n",
  // Shared code reaching back into a feature.
  'apps/web/src/lib/IntoFeature.ts':
    "import { a } from '../features/lobby/LobbyPage.tsx';\nexport const b = a;\n",
  'apps/web/src/components/quiz/IntoFeature.ts': "import '../../features/lobby/lobby.css';\n",
  // Allowed: the feature's own files, lib/, components/, packages and the content data.
  'apps/web/src/features/lobby/Allowed.ts': [
    "import { a } from './Other.ts';",
    "import { b } from '../../lib/client.ts';",
    "import { c } from '../../components/states.tsx';",
    "import { d } from '@wenyan/contracts';",
    "import e from '../../../../../content/data/mindmaps.json' with { type: 'json' };",
    'export const f = [a, b, c, d, e];',
    '',
  ].join('\n'),
  'apps/web/src/components/Allowed.ts': "import { a } from '../lib/client.ts';\nexport const b = a;\n",
};

let root: string;
let report: string;

beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'wyt-web-boundaries-'));
  copyFileSync(path.join(repo, 'biome.json'), path.join(root, 'biome.json'));
  for (const [file, text] of Object.entries(probes)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  const run = spawnSync(
    biome,
    ['lint', '--vcs-enabled=false', '--only=style/noRestrictedImports', '--max-diagnostics=100', 'apps'],
    { cwd: root, encoding: 'utf8' },
  );
  report = `${run.stdout}${run.stderr}`;
});

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

/** The probe files biome flagged, each with the line of the flagged import. */
function flagged(): string[] {
  return [...report.matchAll(/(apps\/web\/src\/\S+?):(\d+):\d+ lint\/style\/noRestrictedImports/g)].map(
    (m) => `${m[1]}:${m[2]}`,
  );
}

describe('web boundaries (biome noRestrictedImports)', () => {
  it('names every file and line that crosses into another feature or the app', () => {
    expect(flagged().sort()).toEqual(
      [
        'apps/web/src/components/quiz/IntoFeature.ts:1',
        'apps/web/src/features/lobby/CrossExport.ts:1',
        'apps/web/src/features/lobby/CrossLazy.ts:1',
        'apps/web/src/features/lobby/CrossStatic.ts:1',
        'apps/web/src/features/lobby/CrossStyle.ts:1',
        'apps/web/src/features/lobby/IntoApp.ts:1',
        'apps/web/src/lib/IntoFeature.ts:1',
      ].sort(),
    );
    expect(report).toContain("'../library/api.ts'");
  });

  it('leaves a feature’s own files, lib/, components/, packages and the content data alone', () => {
    expect(report).not.toContain('Allowed.ts');
  });
});
