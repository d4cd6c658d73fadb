/**
 * No CSP violation from zod (issue 41): the web client's entry sets zod's `jitless` config first, so
 * parsing an object never probes `new Function` (which a strict CSP reports on every page). Run in
 * Node with `Function` made to fail and count as a CSP would; the entry is checked to import the
 * config module before anything else.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const realFunction = globalThis.Function;
let probes = 0;
globalThis.Function = new Proxy(realFunction, {
  construct() {
    probes += 1;
    throw new EvalError("Refused to evaluate a string as JavaScript: 'unsafe-eval' is not allowed");
  },
  apply() {
    probes += 1;
    throw new EvalError("Refused to evaluate a string as JavaScript: 'unsafe-eval' is not allowed");
  },
});
afterAll(() => {
  globalThis.Function = realFunction;
});

describe("the web client's zod config", () => {
  it('is the first thing the entry imports', () => {
    const entry = readFileSync(path.join(root, 'apps/web/src/main.tsx'), 'utf8');
    const firstImport = entry.split('\n').find((line) => line.startsWith('import '));
    expect(firstImport).toBe("import './lib/zod-jitless.ts';");
  });

  it('lets schemas parse objects without ever probing new Function', async () => {
    await import('@wenyan/web/src/lib/zod-jitless.ts');
    const { z } = await import('zod');
    const schema = z.object({ id: z.string(), n: z.number(), nested: z.object({ ok: z.boolean() }) });
    for (let i = 0; i < 5; i++) {
      expect(schema.parse({ id: 'a', n: i, nested: { ok: true } })).toEqual({
        id: 'a',
        n: i,
        nested: { ok: true },
      });
    }
    expect(z.config().jitless).toBe(true);
    expect(probes).toBe(0);
  });
});
