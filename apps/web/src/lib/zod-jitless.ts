/**
 * zod without its JIT (imported first by main.tsx, before zod itself loads). Object schemas otherwise
 * probe `new Function("")` once to see whether they may compile a fast parser; under the strict CSP
 * (no 'unsafe-eval') the probe fails quietly, but the browser still reports a CSP violation on every
 * page. With `jitless` zod skips the probe and parses the interpreted way.
 *
 * The config is pre-populated on `globalThis.__zod_globalConfig`, the object zod's `config()` writes
 * to and reads from (zod 4: "pre-populating it before Zod loads ... takes effect immediately on
 * import", zod/src/v4/core/core.ts). Calling `config()` from zod/v4/core here would pull zod's core
 * into the first screen's JavaScript (over its 150 KB budget); zod stays in the lazy contracts chunk.
 */
import type { $ZodConfig } from 'zod/v4/core';

const scope = globalThis as { __zod_globalConfig?: Partial<$ZodConfig> };
// In place: the same object zod uses, whether zod has loaded yet or not.
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
