/**
 * zod without its JIT (imported first by main.tsx, before any schema exists or parses). Object schemas
 * otherwise probe `new Function("")` once to see whether they may compile a fast parser; under the
 * strict CSP (no 'unsafe-eval') the probe fails quietly, but the browser still reports a CSP violation
 * on every page. With `jitless` zod skips the probe and parses the interpreted way.
 * Only zod's small core config is imported here: zod itself stays in the lazily loaded contracts chunk.
 */
import { config } from 'zod/v4/core';

config({ jitless: true });
