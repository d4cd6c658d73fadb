/**
 * Helpers of the part 1 browser tests: a server and a browser per file, and learners signed up through
 * the API in a fresh browser context.
 */
import type { Locator, Page } from 'playwright-core';

export {
  type Learner,
  signUpLearner,
  startWorld,
  useLearner,
  useWorld,
  type World,
} from '../support/world.ts';

/** The signed-in user as the server has it now. */
export async function serverUser(page: Page): Promise<{ totalXP: number; id: string }> {
  const res = await page.request.get('/api/auth/user');
  return (await res.json()) as { totalXP: number; id: string };
}

/**
 * Reloads until `read` gives text matching `pattern`: read models are projected after the write is
 * answered, so a screen may need a fresh fetch to show them. `read` waits on the page, never on a timer.
 */
export async function reloadUntil(
  page: Page,
  read: Locator | (() => Promise<string>),
  pattern: RegExp,
  tries = 30,
): Promise<string> {
  const get =
    typeof read === 'function'
      ? read
      : async () => {
          await read.waitFor();
          return (await read.textContent()) ?? '';
        };
  let last = '';
  for (let i = 0; i < tries; i++) {
    last = await get();
    if (pattern.test(last)) return last;
    await page.reload();
  }
  throw new Error(`never matched ${pattern}: last text "${last}"`);
}

/** Answers the question on screen (first option, or some text) and submits it. */
export async function answerCurrent(page: Page): Promise<void> {
  const option = page.getByTestId('option').first();
  await Promise.race([option.waitFor(), page.getByPlaceholder('請輸入答案...').waitFor()]);
  if (await option.count()) await option.click();
  else await page.getByPlaceholder('請輸入答案...').fill('學而時習之');
  await page.getByRole('button', { name: '提交答案' }).click();
}
