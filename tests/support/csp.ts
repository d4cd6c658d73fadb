/**
 * The Content-Security-Policy violations a page reports: every `securitypolicyviolation` event (what
 * the browser reports, even for an eval that the page's code catches), recorded from its first script on.
 */
import type { BrowserContext, Page } from 'playwright-core';

type Recorded = { cspViolations: string[] };

/** Records the violations of every page the context opens from now on. */
export async function recordCspViolations(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as Recorded).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
    });
  });
}

/** The violations the page has reported so far, as `directive blocked-URI source:line`. */
export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as Recorded).cspViolations);
}
