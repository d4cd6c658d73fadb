import { describe, expect, it } from 'vitest';
import { signUpLearner, useWorld } from '../support/world.ts';

describe('the lobby in a real browser', () => {
  const world = useWorld();

  it('shows the sixteen set texts with author, era, characters and minutes', async () => {
    const { context, page } = await signUpLearner(world, { prefix: 'lobby' });
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    const cards = page.getByTestId('lesson-card');
    expect(await cards.count()).toBe(16);
    const yueyang = cards.filter({ hasText: '岳陽樓記' });
    await expect(yueyang.textContent()).resolves.toContain('范仲淹');
    await expect(yueyang.textContent()).resolves.toContain('宋代');
    await expect(yueyang.textContent()).resolves.toContain('360 字');
    await expect(yueyang.textContent()).resolves.toContain('約 2 分鐘');
    await context.close();
  });

  it('builds the contracts registry in a worker: the page itself loads no schema chunk', async () => {
    const { context, page } = await signUpLearner(world, { prefix: 'lobbyw' });
    await page.goto('/');
    await page.getByTestId('lesson-card').first().waitFor();
    // The reads were sent and parsed by the contracts' worker (apps/web/src/lib/contracts-host.ts).
    expect(page.workers().map((worker) => new URL(worker.url()).pathname)).toEqual([
      expect.stringMatching(/^\/assets\/contracts\.worker-[\w-]+\.js$/),
    ]);
    const pageScripts = await page.evaluate(() =>
      performance.getEntriesByType('resource').map((entry) => new URL(entry.name).pathname),
    );
    expect(pageScripts.filter((path) => /^\/assets\/contracts-[\w-]+\.js$/.test(path))).toEqual([]);
    await context.close();
  });
});
