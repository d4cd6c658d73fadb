/**
 * axe-core in a page (injected as a script of its own: open the context with `bypassCSP: true`, as the
 * CSP's script-src 'self' would refuse it): the serious and critical findings.
 */
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_PATH = require.resolve('axe-core/axe.min.js');

export interface AxeFinding {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** axe-core's serious and critical violations on the page as it stands. */
export async function seriousAxeFindings(page: Page): Promise<AxeFinding[]> {
  await page.addScriptTag({ path: AXE_PATH });
  return page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(): Promise<{ violations: Array<Record<string, unknown>> }> } }
    ).axe;
    const result = await axe.run();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: String(v.id),
        impact: v.impact as string | null,
        help: String(v.help),
        targets: (v.nodes as Array<{ target: unknown[] }>).map((n) => n.target.join(' ')).slice(0, 5),
      }));
  });
}
